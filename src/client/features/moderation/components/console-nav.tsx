import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSignOut } from '../api/session';
import { isModerationState, type ModerationState } from '@/shared/moderation/wire';
import { consolePaths } from '../lib/console-paths';
import { useConsoleSession } from './session-context';

type Section = ModerationState | 'audit' | 'dashboard' | 'request' | 'updates' | 'responses' | 'record';

function useCurrentSection(): Section {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname.startsWith(consolePaths.audit)) return 'audit';
  if (pathname.startsWith(consolePaths.dashboard)) return 'dashboard';
  if (pathname.startsWith(consolePaths.updates)) return 'updates';
  if (pathname.startsWith(consolePaths.responses)) return 'responses';
  if (pathname.startsWith(consolePaths.record)) return 'record';
  if (pathname.startsWith('/moderation/requests/')) return 'request';
  const state = params.get('state');
  return isModerationState(state) ? state : 'pending';
}

/** The console's own bar: its pages, who is signed in, and signing out. */
export function ConsoleNav() {
  const { t, i18n } = useTranslation('moderation');
  const { t: tu } = useTranslation('resident-updates');
  const { session, endSession } = useConsoleSession();
  const language = i18n.resolvedLanguage === 'fi' || i18n.resolvedLanguage === 'sv' ? i18n.resolvedLanguage : 'en';
  const bodyNames = session.bodies.map((body) => body.names[language]).join(', ');
  const signOut = useSignOut();
  const current = useCurrentSection();

  const links: { section: Section; to: string; label: string }[] = [
    { section: 'pending', to: consolePaths.list('pending'), label: t('console.nav.queue') },
    { section: 'published', to: consolePaths.list('published'), label: t('console.nav.published') },
    { section: 'rejected', to: consolePaths.list('rejected'), label: t('console.nav.rejected') },
    { section: 'updates', to: consolePaths.updates, label: tu('console.nav') },
    { section: 'responses', to: consolePaths.responses, label: t('console.nav.responses') },
    { section: 'audit', to: consolePaths.audit, label: t('console.nav.audit') },
    { section: 'dashboard', to: consolePaths.dashboard, label: t('console.nav.dashboard') },
    { section: 'record', to: consolePaths.record, label: t('console.nav.record') },
  ];

  return (
    <div className="console-bar">
      <nav className="console-bar__nav" aria-label={t('console.nav.label')}>
        <ul className="console-bar__links">
          {links.map((link) => (
            <li key={link.section}>
              <Link
                to={link.to}
                className="console-bar__link"
                aria-current={current === link.section ? 'page' : undefined}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="console-bar__account">
        <p className="console-bar__who">{t('console.signedInAs', { name: session.name })}</p>
        <p className="console-bar__scope">{bodyNames ? t('console.scope.bodies', { bodies: bodyNames }) : t('console.scope.administrator')}</p>
        <Button
          variant="secondary"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(session.csrfToken, { onSettled: () => endSession('signed-out') })}
        >
          {signOut.isPending ? t('console.signingOut') : t('console.signOut')}
        </Button>
      </div>
    </div>
  );
}
