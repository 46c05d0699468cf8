import type { RouteObject } from 'react-router';
import { createAppRoutes } from '../../src/client/app/router';
import { createTestI18n } from './test-i18n';

/**
 * The app's code that loads lazily (pages and the parts they load after rendering), loaded before a
 * file's tests run. In jsdom a lazy import is compiled and evaluated by Vitest on first use: done
 * inside a test, that was seconds of the first test's time (over 5 s, a timeout, on a loaded
 * two-core machine), counted against behaviour it does not test. Here it is part of the file's
 * import, which Vitest does not time out, and each test measures only what it renders. A lazy part
 * missing from this list still works: its first test loads it, as before.
 */
const lazyParts = [
  () => import('../../src/client/app/routes/home/map-lists'),
  () => import('../../src/client/app/routes/home/side-panel'),
  () => import('../../src/client/app/offline-app'),
  () => import('../../src/client/features/map/components/request-panel'),
  () => import('../../src/client/features/counters/components/counter-panel'),
  () => import('../../src/client/features/counters/components/counter-traffic'),
  () => import('../../src/client/components/address-search'),
  () => import('../../src/client/features/report/components/report-flow'),
  () => import('../../src/client/features/report/components/location-map'),
  () => import('../../src/client/features/requests/components/request-participation'),
];

async function loadPages(routes: RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children) await loadPages(route.children);
    }),
  );
}

export async function loadLazyAppCode(): Promise<void> {
  await loadPages(createAppRoutes(createTestI18n('en', ['en'])));
  await Promise.all(lazyParts.map((load) => load()));
}
