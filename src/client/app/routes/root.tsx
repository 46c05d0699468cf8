import { Outlet, ScrollRestoration } from 'react-router';
import { Layout } from '../../components/ui/layout';
import { LoadingNotice } from '../../components/ui/loading-notice';
import { useTranslation } from 'react-i18next';

/** The frame every page shares: header, navigation, language switcher, footer. */
export function AppRoot() {
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
