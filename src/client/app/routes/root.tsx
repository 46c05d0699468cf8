import { Outlet, ScrollRestoration } from 'react-router';
import { Layout, MAIN_CONTENT_ID } from '../../components/ui/layout';
import { useFocusHeadingOnNavigation } from '../../hooks/use-focus-heading-on-navigation';
import { LoadingNotice } from '../../components/ui/loading-notice';
import { useTranslation } from 'react-i18next';

/** The frame every page shares: header, navigation, language switcher, footer. */
export function AppRoot() {
  useFocusHeadingOnNavigation(MAIN_CONTENT_ID);
  return (
    <Layout>
      <Outlet />
      <ScrollRestoration />
    </Layout>
  );
}

/** Shown while the first page's code is still loading. */
export function AppRootFallback() {
  const { t } = useTranslation();
  return (
    <Layout>
      <LoadingNotice message={t('app.loading')} />
    </Layout>
  );
}
