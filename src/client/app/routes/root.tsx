import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Layout, MAIN_CONTENT_ID } from '../../components/ui/layout';
import { useFocusHeadingOnNavigation } from '../../hooks/use-focus-heading-on-navigation';
import { LoadingNotice } from '../../components/ui/loading-notice';
import { useTranslation } from 'react-i18next';
import { afterLoad } from '../../lib/after-load';
import { registerServiceWorker } from '../../lib/service-worker';

// The offline notice and the reports waiting on the device: a chunk of its own, after the page.
const ReportOutbox = lazy(async () => ({ default: (await import('../../features/report/components/report-outbox')).ReportOutbox }));

/** The frame every page shares: header, navigation, language switcher, footer. */
export function AppRoot() {
  useFocusHeadingOnNavigation(MAIN_CONTENT_ID);
  const [loaded, setLoaded] = useState(false);
  useEffect(
    () =>
      afterLoad(() => {
        registerServiceWorker();
        setLoaded(true);
      }),
    [],
  );
  return (
    <Layout>
      {loaded ? (
        <Suspense fallback={null}>
          <ReportOutbox />
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
