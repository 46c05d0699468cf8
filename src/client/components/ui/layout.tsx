import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitcher } from './language-switcher';
import { SiteMenu } from './site-menu';
import { SkipLink } from './skip-link';

export const MAIN_CONTENT_ID = 'main-content';

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <SkipLink targetId={MAIN_CONTENT_ID} label={t('app.skipToContent')} />
      <header className="site-header">
        <div className="site-header__inner">
          <Link to="/" className="site-header__brand">
            <span className="site-header__name">{t('app.name')}</span>
            <span className="site-header__tagline">{t('app.tagline')}</span>
          </Link>
          <SiteMenu>
            <nav className="site-nav" aria-label={t('nav.label')}>
              {/* NavLink marks the link of the page shown with aria-current="page". */}
              <ul className="site-nav__list">
                <li>
                  <NavLink to="/" end className="site-nav__link">
                    {t('nav.map')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/report" className="site-nav__link">
                    {t('nav.report')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/counters" className="site-nav__link">
                    {t('nav.counters')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/account" className="site-nav__link">
                    {t('nav.account')}
                  </NavLink>
                </li>
              </ul>
            </nav>
            <LanguageSwitcher />
          </SiteMenu>
        </div>
      </header>
      {/* tabIndex lets the skip link move focus here, not just scroll. */}
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>{t('footer.text')}</p>
      </footer>
    </div>
  );
}
