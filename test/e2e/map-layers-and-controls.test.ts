import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { desktop, expectCleanRunThenClose, helsinki, openPage } from './browser-context';
import { expectNoAxeViolations } from './expectations';
import { expectLocalizedMapControls, mapControlWords } from './map-controls';
import { withServerAndBrowser } from './suite-setup';

/**
 * The home page's map beyond its basics (map.test.ts): a map first shown from the list tab,
 * the counters layer kept apart from the requests, and Leaflet's own controls in each language.
 */

const pageErrors: string[] = [];

const suite = withServerAndBrowser();

const openMapPage = (locale = 'en-GB') => openPage(suite.browser, { viewport: desktop, locale, timezoneId: helsinki, pageErrors });

const params = (page: Page) => new URL(page.url()).searchParams;

/** The centre of an element relative to the map's own top-left corner. */
async function offsetInMap(page: Page, selector: string): Promise<{ x: number; y: number; width: number; height: number }> {
  return page.evaluate((css) => {
    const map = document.querySelector('.public-map__leaflet')!.getBoundingClientRect();
    const box = document.querySelector(css)!.getBoundingClientRect();
    return { x: box.left + box.width / 2 - map.left, y: box.top + box.height / 2 - map.top, width: map.width, height: map.height };
  }, selector);
}

describe('public map: first shown from the list', () => {
  it('"Show on the map" on a card of /?view=list opened directly centres the map on that request', async () => {
    const opened = await openMapPage();
    const { page } = opened;
    // As after a reload or from a shared link: the map is created while its tab is hidden.
    await page.goto(`${suite.server.baseUrl}/?view=list`);
    const list = page.getByRole('tabpanel', { name: 'List' });
    const card = list.locator('.map-list--requests > li').nth(3);
    await card.waitFor({ timeout: 30_000 });
    const id = await card.getAttribute('data-request-id');
    // The map's code loads apart from the page; let it arrive while the list is shown.
    await page.locator('.public-map__leaflet').waitFor({ state: 'attached', timeout: 30_000 });

    await card.getByRole('button', { name: /^Show on the map/ }).click();
    await expect.poll(() => params(page).get('request')).toBe(id);
    const selected = `.map-marker--request.is-selected[data-key="p${id}"]`;
    await page.locator(selected).waitFor({ timeout: 15_000 });
    // The selected marker sits at the middle of the map, not in its corner at (−13, −13).
    await expect.poll(async () => {
      const where = await offsetInMap(page, selected);
      return Math.max(Math.abs(where.x - where.width / 2), Math.abs(where.y - where.height / 2));
    }).toBeLessThan(3);
    // And the URL's view is where the map really is.
    const where = await offsetInMap(page, selected);
    expect(where.width).toBeGreaterThan(300);
    await screenshot(page, 'map-from-list-show-on-map');
    await expectCleanRunThenClose(opened);
  });

  it('fits the data when the map tab is opened after the list', async () => {
    const opened = await openMapPage();
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/?view=list`);
    await page.locator('.requests-summary__count[data-count]').waitFor({ timeout: 30_000 });
    const count = Number(await page.locator('.requests-summary__count').getAttribute('data-count'));
    await page.locator('.public-map__leaflet').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByRole('tab', { name: 'Map' }).click();
    // Every request is in a marker or a bubble inside the visible map.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const map = document.querySelector('.public-map__leaflet')!.getBoundingClientRect();
          let drawn = 0;
          for (const element of document.querySelectorAll<HTMLElement>('.map-marker--request, .map-cluster--requests')) {
            const box = element.getBoundingClientRect();
            const inside = box.left >= map.left - 1 && box.right <= map.right + 1 && box.top >= map.top - 1 && box.bottom <= map.bottom + 1;
            if (!inside) continue;
            drawn += element.classList.contains('map-cluster--requests') ? Number(element.textContent) : 1;
          }
          return drawn;
        }),
      )
      .toBe(count);
    await expectCleanRunThenClose(opened);
  });
});

describe('public map: counters and requests together', () => {
  it('draws the counters smaller and muted, in their own pane under the requests', async () => {
    const opened = await openMapPage();
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/?counters=1`);
    await page.getByText(/^Loaded all [\d,]+ counters\.$/).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.map-marker--counter, .map-cluster--counters').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.map-marker--request, .map-cluster--requests').count()).toBeGreaterThan(0);
    // Zoom in where both kinds are single markers.
    await page.goto(`${suite.server.baseUrl}/?counters=1&lat=60.19&long=24.94&zoom=15`);
    await page.getByText(/^Loaded all [\d,]+ counters\.$/).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.map-marker--counter').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.map-marker--request').count()).toBeGreaterThan(0);

    const layout = await page.evaluate(() => {
      const paneOf = (css: string) => [...new Set([...document.querySelectorAll(css)].map((element) => element.parentElement!.className))];
      const zIndex = (css: string) => Number(getComputedStyle(document.querySelector(css)!).zIndex);
      const width = (css: string) => document.querySelector(css)!.getBoundingClientRect().width;
      return {
        requestPanes: paneOf('.map-marker--request, .map-cluster--requests'),
        counterPanes: paneOf('.map-marker--counter, .map-cluster--counters'),
        requestZ: zIndex('.leaflet-requests-pane'),
        counterZ: zIndex('.leaflet-counters-pane'),
        markerPaneZ: zIndex('.leaflet-marker-pane'),
        requestWidth: width('.map-marker--request'),
        counterWidth: width('.map-marker--counter'),
        counterOpacity: Number(getComputedStyle(document.querySelector('.map-marker--counter svg')!).opacity),
      };
    });
    expect(layout.requestPanes).toEqual(['leaflet-pane leaflet-requests-pane']);
    expect(layout.counterPanes).toEqual(['leaflet-pane leaflet-counters-pane']);
    expect(layout.requestZ).toBeGreaterThan(layout.counterZ);
    expect(layout.counterZ).toBeGreaterThan(layout.markerPaneZ);
    expect(layout.counterWidth).toBeLessThanOrEqual(layout.requestWidth * 0.7);
    expect(layout.counterOpacity).toBeLessThan(1);
    await screenshot(page, 'map-counters-and-requests');
    await expectNoAxeViolations(page);
    await expectCleanRunThenClose(opened);
  });
});

describe('public map: Leaflet controls in the UI language', () => {
  it.each([
    ['fi-FI', 'Ilmoitetut ongelmat kartalla'],
    ['sv-FI', 'Anmälda problem på kartan'],
    ['en-GB', 'Reported problems on the map'],
  ])('in %s', async (locale, heading) => {
    const opened = await openMapPage(locale);
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.locator('.public-map__leaflet .leaflet-control-zoom-in').waitFor({ timeout: 30_000 });
    await expectLocalizedMapControls(page, '.public-map__leaflet', locale.slice(0, 2) as 'fi' | 'sv' | 'en');
    await page.locator('.requests-summary__count[data-count]').waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page);
    // Switching the language on the page changes the controls too, with one credit line.
    const other = locale === 'en-GB' ? { button: 'Suomi', language: 'fi' as const } : { button: 'English', language: 'en' as const };
    await page.getByRole('button', { name: other.button }).click();
    await expect.poll(() => page.locator('.leaflet-control-zoom-in').getAttribute('title')).toBe(mapControlWords[other.language].zoomIn);
    await expectLocalizedMapControls(page, '.public-map__leaflet', other.language);
    expect(await page.locator('.leaflet-control-attribution a[href="https://www.openstreetmap.org/copyright"]').count()).toBe(1);
    await expectCleanRunThenClose(opened);
  });
});
