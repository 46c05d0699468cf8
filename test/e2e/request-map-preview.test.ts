import type { Route } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceType } from '../../src/shared/georeport/types';
import { screenshot } from '../helpers/browser';
import { expectCleanRunThenClose, mobile, openPage } from './browser-context';
import { expectNoAxeViolations } from './expectations';
import { withServerAndBrowser } from './suite-setup';
import { boxesBySrc } from './tile-boxes';

/**
 * A request's page paints its map's imagery without waiting for Leaflet (issue 14: a Leaflet tile
 * was the page's largest paint): as soon as the request's point is known, the map box shows the
 * tiles of the view Leaflet will open on, at the places Leaflet will put them, and Leaflet's
 * tiles (the same URLs, from the browser's cache) then cover them exactly.
 */

const suite = withServerAndBrowser();
const laptop = { width: 1280, height: 800 };

/** A tile that shows its own z/x/y and edges, so a screenshot shows whether the pictures line up. */
const labelledTile = (path: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#e8e4dc" stroke="#8a7f6c" stroke-width="2"/>` +
        `<path d="M0 128H256M128 0V256" stroke="#c9c0ae"/><text x="128" y="120" font-size="22" font-family="sans-serif" text-anchor="middle" fill="#4a4438">${path}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

async function createRequest(): Promise<string> {
  const services = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as ServiceType[];
  const body = new URLSearchParams({
    service_code: services[0]!.service_code,
    title: 'Streetlight out on the corner',
    description: 'The light has been out for a week.',
    lat: '60.16952',
    long: '24.93545',
    email: 'resident@example.org',
  });
  const response = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body });
  const created = (await response.json()) as { service_request_id: string }[];
  expect(response.status, JSON.stringify(created)).toBe(200);
  return created[0]!.service_request_id;
}

/** The code that draws the point map: its own chunk and Leaflet's (built with the map controls). */
const mapCode = /\/assets\/(point-map|localized-map-controls)-[^/]+\.js$/;

describe("a request's map before Leaflet", () => {
  it.each([
    ['a phone', { viewport: mobile }, 'mobile'],
    ['a laptop', { viewport: laptop }, 'desktop'],
    // Lighthouse's phone: the tiles from one zoom further in at 128 CSS pixels, their natural size on this screen.
    ['a high-density phone', { viewport: mobile, deviceScaleFactor: 1.75 }, 'mobile-dpr175'],
  ])('on %s, shows the tiles Leaflet then draws, in the same boxes, each fetched once', async (_name, device, shotName) => {
    const id = await createRequest();
    const fetched: string[] = [];
    const opened = await openPage(suite.browser, {
      ...device,
      tiles: async (route: Route) => {
        const url = route.request().url();
        fetched.push(url);
        return route.fulfill({ status: 200, contentType: 'image/png', body: await labelledTile(new URL(url).pathname), headers: { 'cache-control': 'max-age=86400' } });
      },
    });
    const { page } = opened;
    let releaseMap = () => {};
    const mapHeld = new Promise<void>((resolve) => (releaseMap = resolve));
    await page.route(mapCode, async (route) => {
      await mapHeld;
      await route.continue();
    });
    await page.goto(`${suite.server.baseUrl}/requests/${id}`);

    // Leaflet held back: the preview's tiles are on screen, in the map box, loaded.
    const previewTiles = page.locator('.request-place__map .point-map__preview .map-preview__tile');
    await previewTiles.first().waitFor();
    await expect.poll(() => previewTiles.evaluateAll((images: HTMLImageElement[]) => images.every((image) => image.complete && image.naturalWidth === 256))).toBe(true);
    const shown = await page.evaluate(() => {
      const box = document.querySelector('.request-place__map')!.getBoundingClientRect();
      const centre = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return { inViewport: box.bottom <= window.innerHeight, centreIsTile: centre?.classList.contains('map-preview__tile') ?? false, leaflet: document.querySelector('.leaflet-container') !== null };
    });
    expect(shown).toEqual({ inViewport: true, centreIsTile: true, leaflet: false });
    await expect(page.locator('.point-map__preview').getByRole('link', { name: 'OpenStreetMap' }).isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page);
    const preview = await boxesBySrc(page, '.point-map__preview .map-preview__tile');
    const highDensity = 'deviceScaleFactor' in device;
    expect(Object.values(preview).every((box) => box.width === (highDensity ? 128 : 256))).toBe(true);
    expect(Object.keys(preview).every((src) => src.includes(highDensity ? '/17/' : '/16/'))).toBe(true);
    await screenshot(page, `request-map-preview-${shotName}`);

    releaseMap();
    await page.locator('.point-map__leaflet .leaflet-tile-loaded').first().waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('.point-map__leaflet .leaflet-tile:not(.leaflet-tile-loaded)').count()).toBe(0);
    const leaflet = await boxesBySrc(page, '.point-map__leaflet .leaflet-tile');
    // The same tiles, at the same places within a pixel.
    expect(Object.keys(preview).sort()).toEqual(Object.keys(leaflet).sort());
    for (const src of Object.keys(leaflet)) {
      for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(preview[src]![side] - leaflet[src]![side]), `${src} ${side}`).toBeLessThanOrEqual(1);
    }
    // Leaflet's came from the cache: each tile was fetched once, none outside the box.
    expect([...fetched].sort()).toEqual(Object.keys(leaflet).sort());
    // Once Leaflet's tiles are drawn, the preview under them goes.
    await page.locator('.point-map__preview').waitFor({ state: 'detached' });
    await screenshot(page, `request-map-leaflet-${shotName}`);
    await expectCleanRunThenClose(opened);
  });
});

describe("a request's JSON, preloaded with the page", () => {
  const browserLocales = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' } as const;

  let id = '';
  beforeAll(async () => {
    id = await createRequest();
  });

  /**
   * The page's downloads of the request's JSON, each with what asked for it (Chromium's initiator:
   * `parser` for the page's preload link, `script` for the app's own fetch).
   */
  async function openRequestPage(locale: string, storedLanguage?: string) {
    const opened = await openPage(suite.browser, { viewport: mobile, locale });
    if (storedLanguage) await opened.page.addInitScript((language) => localStorage.setItem('kerro.language', language), storedLanguage);
    const asked: string[] = [];
    const devtools = await opened.context.newCDPSession(opened.page);
    await devtools.send('Network.enable');
    devtools.on('Network.requestWillBeSent', ({ request, initiator }) => {
      if (request.url.includes(`/requests/${id}.json`)) asked.push(`${initiator.type} ${new URL(request.url).search}`);
    });
    await opened.page.goto(`${suite.server.baseUrl}/requests/${id}`);
    await opened.page.getByRole('heading', { level: 1, name: 'Streetlight out on the corner' }).waitFor();
    await opened.page.locator('.point-map__leaflet').waitFor();
    return { opened, asked };
  }

  it.each(Object.entries(browserLocales))('in %s, as the browser prefers it, downloads the request once, from the page: the app takes the preload', async (language, locale) => {
    const { opened, asked } = await openRequestPage(locale);
    expect(asked).toEqual([`parser ?extensions=true&locale=${language}`]);
    expect(await opened.page.evaluate(() => document.documentElement.lang)).toBe(language);
    await expectCleanRunThenClose(opened);
  });

  it("for a person whose remembered language is not the browser's, shows the page in it (the preloaded one goes unused)", async () => {
    const { opened, asked } = await openRequestPage(browserLocales.en, 'fi');
    expect(asked).toEqual(['parser ?extensions=true&locale=en', 'script ?extensions=true&locale=fi']);
    expect(await opened.page.evaluate(() => document.documentElement.lang)).toBe('fi');
    await expectCleanRunThenClose(opened);
  });
});
