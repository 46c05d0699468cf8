/**
 * Kerro pointed at the real counter service (COUNTERS_URL=https://lidotiku.api.hel.fi/…), with
 * the built web app: the paths that service has answer as an API (never the app's page), and the
 * map and the counters page credit the data as its CC BY 4.0 licence asks, in fi, sv and en.
 * This machine has no internet: the browser's counter pages are answered by this server's own
 * demo counters (the same wire), so no request leaves the machine.
 */
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { expectCleanRunThenClose, helsinki, openPage } from './browser-context';
import { withServerAndBrowser } from './suite-setup';

const suite = withServerAndBrowser({ env: { COUNTERS_URL: 'https://lidotiku.api.hel.fi/api/counters', UPSTREAM_TIMEOUT_MS: '2000' } });

// What a browser (and many monitors) send: the web app's page would be the answer to an unknown page.
const browserAccept = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** The real service, stood in for by this server's own counters list. */
async function standInForTheRealService(route: Route): Promise<void> {
  const asked = new URL(route.request().url());
  const answer = await fetch(`${suite.server.baseUrl}/api/counters/${asked.search}`);
  await route.fulfill({ status: answer.status, contentType: answer.headers.get('content-type') ?? 'application/json', body: await answer.text() });
}

const openWithRealCounters = async (locale: string) => {
  const opened = await openPage(suite.browser, { locale, timezoneId: helsinki });
  await opened.context.route(/\/proxy\/counters\/(\?|$)/, standInForTheRealService);
  return opened;
};

describe('the real service\'s paths on a Kerro with the built web app', () => {
  it('answers /schema/, /swagger and /readiness as an API, and unknown API paths with a JSON 404, never the app\'s page', async () => {
    const schema = await fetch(`${suite.server.baseUrl}/schema/`, { headers: browserAccept });
    expect(schema.status).toBe(200);
    expect(schema.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await schema.json()) as { openapi: string }).openapi).toBe('3.1.0');

    const swagger = await fetch(`${suite.server.baseUrl}/swagger`, { headers: browserAccept, redirect: 'manual' });
    expect(swagger.status).toBe(302);
    expect(swagger.headers.get('location')).toBe('/api/schema/swagger-ui/');

    const readiness = await fetch(`${suite.server.baseUrl}/readiness`, { headers: browserAccept });
    expect(readiness.status).toBe(200);
    expect(await readiness.json()).toEqual({ status: 'ready' });

    // /api/ is the API root, as the real service's is.
    const root = await fetch(`${suite.server.baseUrl}/api/`, { headers: { accept: 'application/json' } });
    expect(root.status).toBe(200);
    expect(await root.json()).toHaveProperty('observations');
    for (const path of ['/api/no-such-thing/', '/api/observations/x/y/', '/schema/x', '/readiness/x', '/openapi.json']) {
      const answer = await fetch(`${suite.server.baseUrl}${path}`, { headers: browserAccept });
      expect(answer.status, path).toBe(404);
      expect(await answer.json(), path).toEqual({ detail: 'Not found.' });
    }
    // The app's own pages stay the app's.
    const page = await fetch(`${suite.server.baseUrl}/counters`, { headers: browserAccept });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});

describe('the counter data\'s attribution', () => {
  const expected = {
    'fi-FI': ['Laskuritiedot:', 'Helsingin kaupunki', 'lisenssi'],
    'sv-FI': ['Räknardata:', 'Helsingfors stad', 'licens'],
    'en-GB': ['Counter data:', 'City of Helsinki', 'licence'],
  } as const;

  it.each(Object.entries(expected))('shows on the counters page in %s, with links to the source and the licence', async (locale, [label, source, licence]) => {
    const opened = await openWithRealCounters(locale);
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/counters`);
    const credit = page.locator('.counters-attribution');
    await credit.waitFor();
    expect(await credit.textContent()).toBe(`${label} ${source}, ${licence} CC BY 4.0`);
    expect(await credit.getByRole('link', { name: source }).getAttribute('href')).toBe('https://lidotiku.api.hel.fi/api/');
    expect(await credit.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
    // The counters themselves arrive, every page, as from the real service.
    const { count } = (await (await fetch(`${suite.server.baseUrl}/api/counters/?page_size=1`)).json()) as { count: number };
    await expect.poll(() => page.locator('.counter-progress').getAttribute('data-loaded'), { timeout: 30_000 }).toBe(String(count));
    if (locale === 'en-GB') await screenshot(page, 'counters-attribution');
    await expectCleanRunThenClose(opened);
  });

  it('shows in the map\'s credits while the counters layer is on, and goes with it', async () => {
    const opened = await openWithRealCounters('fi-FI');
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/?counters=1`);
    const corner = page.locator('.leaflet-control-attribution');
    await expect.poll(() => corner.textContent(), { timeout: 30_000 }).toContain('Laskuritiedot: Helsingin kaupunki, lisenssi CC BY 4.0');
    expect(await corner.getByRole('link', { name: 'CC BY 4.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
    await page.getByRole('checkbox', { name: 'Näytä liikennelaskurit' }).uncheck();
    await expect.poll(() => corner.textContent()).not.toContain('Helsingin kaupunki');
    await expectCleanRunThenClose(opened);
  });
});
