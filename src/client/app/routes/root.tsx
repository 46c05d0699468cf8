import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Layout, MAIN_CONTENT_ID } from '../../components/ui/layout';
import { useFocusHeadingOnNavigation } from '../../hooks/use-focus-heading-on-navigation';
import { LoadingNotice } from '../../components/ui/loading-notice';
import { useTranslation } from 'react-i18next';
import { afterLoad } from '../../lib/after-load';

// The service worker, the manifest's language, the reports waiting on the device: after the page.
const OfflineApp = lazy(async () => ({ default: (await import('../offline-app')).OfflineApp }));

/** The frame every page shares: header, navigation, language switcher, footer. */
export function AppRoot() {
  useFocusHeadingOnNavigation(MAIN_CONTENT_ID);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterLoad(() => setLoaded(true)), []);
  return (
    <Layout>
      {loaded ? (
        <Suspense fallback={null}>
          <OfflineApp />
        </Suspense>
      ) : null}
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
