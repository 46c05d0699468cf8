/// <reference lib="webworker" />
/**
 * Kerro's service worker (built by vite-plugin-pwa, injectManifest: the build writes the list of
 * files to precache into `self.__WB_MANIFEST`). What it does, and nothing else:
 * - keeps the app shell (index.html, the scripts, styles, icons, manifests) so every page of the
 *   app opens with no network; a page is still asked from the server first (it adds preloads and
 *   the home map's first view), the kept shell answering when that fails or takes too long;
 * - keeps the service list (fetched in every language at install, then the latest one the app
 *   read) and the service definitions the form asked for, so /report offers its types offline
 *   after a single visit;
 * - keeps recently seen map tiles, a bounded number;
 * - on Background Sync, asks the open pages to send the reports waiting on the device
 *   (client/features/report/outbox): they send them through the app's one send function, with
 *   each report's idempotency key, so a report is sent by one code path only.
 * Anything else (reports, listings, the moderation API) passes by untouched.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { paths } from '../shared/paths';
import { tileUrlPattern } from '../shared/map/tile-url-pattern';
import { clientEnv } from '../client/lib/env';
import { buildUrl } from '../client/lib/http-client';
import { supportedLocales } from '../shared/locales';
import { OUTBOX_SYNC_TAG, sendOutboxMessage } from '../shared/web-app/outbox-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

/** Background Sync's event (Chromium); not in TypeScript's worker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// A new version takes over at once: its shell is complete, and pages load chunks by hashed names
// the server keeps serving until the next deploy.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// Files by their own names only: `/` must not be answered with the kept index.html while the
// server can write the page (its preloads and the home map's first view), see below.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
enableNavigationPreload();

/** How long a page may take from the server before the kept shell is shown instead (a bad line). */
const PAGE_TIMEOUT_MS = 5000;

/** Pages the server writes itself (email links, API documentation): never answered with the app. */
const serverPages = /^\/(proxy|open311|api|media|moderation\/api|mail|geocoding)(\/|\.|$)/i;

registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      const fromServer = (async () => ((await (event as FetchEvent).preloadResponse) as Response | undefined) ?? fetch(request))();
      const tooSlow = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('page timed out')), PAGE_TIMEOUT_MS));
      try {
        return await Promise.race([fromServer, tooSlow]);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [serverPages] },
  ),
);

// The service list and the definitions of the types the form showed: fresh when the line is
// good, the last copy when it is not.
const SERVICE_TYPES_CACHE = 'kerro-service-types';
const serviceTypes = new RegExp(`^${paths.proxyGeoreport}/services(\\.json|/[^/]+\\.json)$`);
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && serviceTypes.test(url.pathname),
  new NetworkFirst({
    cacheName: SERVICE_TYPES_CACHE,
    networkTimeoutSeconds: 4,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

// Map tiles the person has seen, the latest few hundred (Leaflet asks a few dozen per view): a
// tile server's images are opaque to the page (status 0), kept as they come.
const tiles = tileUrlPattern(clientEnv().mapTileUrl, self.location.origin);
registerRoute(
  ({ url, request }) => request.method === 'GET' && tiles.test(url.href),
  new CacheFirst({
    cacheName: 'kerro-map-tiles',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The list in every language, as the app asks for it (get-service-list.ts): the first visit
// registers the worker after its own list has loaded, outside the worker. Not having it (the
// service unreachable now) must not stop the worker from installing.
self.addEventListener('install', (event) => {
  const lists = supportedLocales.map((locale) => buildUrl(`${paths.proxyGeoreport}/services.json`, { locale }));
  event.waitUntil(
    caches
      .open(SERVICE_TYPES_CACHE)
      .then((cache) => cache.addAll(lists))
      .catch(() => undefined),
  );
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => {
      for (const page of pages) page.postMessage(sendOutboxMessage);
    }),
  );
});
