import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearCookies } from './signed-in-markers';

// findBy* and waitFor wait for a state and stop as soon as it is there; their own bound (1 s) is
// shorter than a page takes to render on a loaded two-core machine. Below vitest's 5 s a test, so
// a state that never comes still fails with the query's message, not a time-out.
configure({ asyncUtilTimeout: 3_000 });

// A request's page loads its small map (Leaflet) lazily; a test that ends first would have Leaflet
// load into a torn-down window, an unhandled error. No jsdom test is about that map: Chromium covers it.
vi.mock('../../src/client/components/map/point-map', () => ({ default: () => null }));

// jsdom has no layout; React Router's scroll restoration only needs the call to exist.
window.scrollTo = () => {};

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  clearCookies();
  document.documentElement.lang = '';
});
