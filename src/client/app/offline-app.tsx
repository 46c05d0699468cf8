/**
 * Everything that makes the app installable and usable offline, once the page has loaded (a chunk
 * of its own: none of it is needed for the first paint): the service worker's registration, the
 * web app manifest of the UI language (its names when installed), and the reports waiting on the
 * device with the offline notice.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { manifestPath } from '@/shared/web-app/manifest';
import { ReportOutbox } from '../features/report/components/report-outbox';
import { currentLanguage } from '../lib/i18n';
import { registerServiceWorker } from '../lib/service-worker';

export function OfflineApp() {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  useEffect(() => registerServiceWorker(), []);
  useEffect(() => {
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(language));
  }, [language]);
  return <ReportOutbox />;
}
