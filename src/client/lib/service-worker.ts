/**
 * Registers the service worker (src/service-worker/sw.ts, built to /sw.js) once the page has
 * loaded: its first download (the app shell it keeps) never shares the line with the page's own.
 * Only in a production build: the dev server has no /sw.js.
 */
export const serviceWorkerUrl = '/sw.js';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A browser refusing it (private mode, a policy) leaves the app as it was: online only.
  navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' }).catch(() => undefined);
}
