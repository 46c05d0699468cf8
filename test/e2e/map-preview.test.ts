import type { Route } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { tileUrl, tilesAround } from '../../src/shared/map/tiles';
import { expectCleanRunThenClose, mobile, openPage } from './browser-context';
import { withServerAndBrowser } from './suite-setup';
import { boxesBySrc } from './tile-boxes';

/**
 * The map's first view in the page's HTML (issue 14: the tile is the page's largest paint): the
 * server writes the opening view's tiles into `/`, so they paint before any app script and without
 * JavaScript; the app's placeholder shows the same tiles at the same places, and Leaflet's tiles
 * then cover them exactly (the same URLs, so the browser's cache serves Leaflet).
 */

const suite = withServerAndBrowser();
const template = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const desktop = { width: 1280, height: 800 };
const aView = { lat: 60.16, long: 24.95, zoom: 15 };
const aViewQuery = `lat=${aView.lat}&long=${aView.long}&zoom=${aView.zoom}`;

let tilePng: Buffer;
beforeAll(async () => {
  tilePng = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#c86432' } }).png().toBuffer();
});
const serveTile = (route: Route) => route.fulfill({ status: 200, contentType: 'image/png', body: tilePng, headers: { 'cache-control': 'max-age=86400' } });

const previewSources = (html: string) => [...html.matchAll(/<img class="map-preview__tile"[^>]* src="([^"]+)"/g)].map((match) => match[1]);
/** The sources of the grid for screens of one CSS pixel per device pixel (the page carries a high-density one too). */
const standardSources = (html: string) => previewSources(/<div class="map-preview__tiles map-preview__tiles--standard-density"[^>]*>(.*?)<\/div>/.exec(html)?.[1] ?? '');
/** Lighthouse's phone: 1.75 device pixels per CSS pixel. */
const highDensityPhone = { viewport: mobile, deviceScaleFactor: 1.75 };

function expectSameBoxes(preview: Record<string, DOMRectInit>, leaflet: Record<string, DOMRectInit>) {
  const shared = Object.keys(leaflet).filter((src) => src in preview);
  expect(shared.length).toBeGreaterThanOrEqual(4);
  for (const src of shared) {
    for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(preview[src]![side]! - leaflet[src]![side]!), `${src} ${side}`).toBeLessThanOrEqual(1);
  }
}

describe('the map in the page HTML', () => {
  it("/ carries the opening view's tiles: the configured centre, or the view the query names", async () => {
    const home = await (await fetch(`${suite.server.baseUrl}/`)).text();
    const defaultView = { lat: 60.1699, long: 24.9384, zoom: 12 };
    const expected = (view: typeof aView) => tilesAround(view, 200, 200).map((tile) => tileUrl(template, tile, false));
    expect(standardSources(home)).toEqual(expect.arrayContaining(expected(defaultView)));
    const withView = await (await fetch(`${suite.server.baseUrl}/?${aViewQuery}`)).text();
    expect(standardSources(withView)).toEqual(expect.arrayContaining(expected(aView)));
    expect(standardSources(withView).every((src) => src?.includes('/15/'))).toBe(true);
    expect(withView).toContain('aria-hidden="true"');
    expect(withView).toMatch(/class="map-preview__credit">&copy; <a href="https:\/\/www\.openstreetmap\.org\/copyright">OpenStreetMap<\/a>/);
    // A view the app would not take is not taken here either; nothing odd breaks the page.
    for (const bad of ['lat=91&long=24&zoom=12', 'lat=x&long=&zoom=', 'zoom=99&lat=60&long=24', '%E0%A4%A']) {
      const response = await fetch(`${suite.server.baseUrl}/?${bad}`);
      expect(response.status).toBe(200);
      expect(previewSources(await response.text())).toEqual(previewSources(home));
    }
    // Other pages have no preview.
    expect(previewSources(await (await fetch(`${suite.server.baseUrl}/report`)).text())).toEqual([]);
  });

  it('without JavaScript the map imagery shows, with its credit, and the note that the app needs JavaScript in the first screen', async () => {
    for (const device of [{ viewport: mobile }, { viewport: desktop }, highDensityPhone]) {
      const { viewport } = device;
      const opened = await openPage(suite.browser, { ...device, javaScriptEnabled: false, tiles: serveTile });
      await opened.page.goto(`${suite.server.baseUrl}/`);
      await opened.page.waitForLoadState('load');
      const shown = await opened.page.evaluate(() => {
        const box = document.querySelector('.map-preview')!.getBoundingClientRect();
        const centre = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) as HTMLImageElement | null;
        return { height: box.height, centreIsTile: centre?.classList.contains('map-preview__tile'), complete: centre?.complete && centre.naturalWidth === 256, shownAt: centre?.width };
      });
      // On a high-density screen the tile from one zoom further in, at half its natural size.
      expect(shown).toEqual({ height: expect.any(Number), centreIsTile: true, complete: true, shownAt: 'deviceScaleFactor' in device ? 128 : 256 });
      expect(shown.height).toBeGreaterThan(300);
      // The tile's colour on screen at the map's centre.
      const png = await opened.page.screenshot({ clip: { x: viewport.width - 60, y: viewport.height - 200, width: 1, height: 1 } });
      const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 3)]).toEqual([0xc8, 0x64, 0x32]);
      await expect(opened.page.getByRole('link', { name: 'OpenStreetMap' }).isVisible()).resolves.toBe(true);
      // Beside the map, not under it nor below the fold.
      const note = await opened.page.evaluate(() => {
        const box = document.querySelector('.noscript-note')!.getBoundingClientRect();
        return { bottom: box.bottom, onTop: document.elementFromPoint(box.x + 4, box.y + box.height / 2)?.closest('.noscript-note') !== null };
      });
      expect(note.onTop).toBe(true);
      expect(note.bottom).toBeLessThan(viewport.height / 2);
      await opened.context.close();
    }
  });

  it("the frame's tiles, the placeholder's and Leaflet's lie in the same boxes, phone, desktop and a high-density phone", async () => {
    for (const device of [{ viewport: mobile }, { viewport: desktop }, highDensityPhone]) {
      const noScript = await openPage(suite.browser, { ...device, javaScriptEnabled: false, tiles: serveTile });
      await noScript.page.goto(`${suite.server.baseUrl}/?${aViewQuery}`);
      const frame = await boxesBySrc(noScript.page, '.map-preview__tile');
      await noScript.context.close();

      const opened = await openPage(suite.browser, { ...device, tiles: serveTile });
      // Leaflet held back until the app's placeholder has been measured.
      let releaseLeaflet = () => {};
      const leafletHeld = new Promise<void>((resolve) => (releaseLeaflet = resolve));
      await opened.page.route(/\/assets\/public-map-[^/]+\.js$/, async (route) => {
        await leafletHeld;
        await route.continue();
      });
      await opened.page.goto(`${suite.server.baseUrl}/?${aViewQuery}`);
      await opened.page.locator('.public-map__placeholder .map-preview__tile').first().waitFor({ state: 'attached' });
      const placeholder = await boxesBySrc(opened.page, '.public-map__placeholder .map-preview__tile');
      releaseLeaflet();
      await opened.page.locator('.public-map__leaflet .leaflet-tile-loaded').first().waitFor({ state: 'attached' });
      const leaflet = await boxesBySrc(opened.page, '.public-map__leaflet .leaflet-tile');
      expectSameBoxes(frame, leaflet);
      expectSameBoxes(placeholder, leaflet);
      await expectCleanRunThenClose(opened);
    }
  });

  it.each([
    ['a phone', { viewport: mobile }],
    ['a high-density phone', highDensityPhone],
  ])('%s fetches no tile Leaflet does not show: neither those outside its map box nor the other density\'s', async (_name, device) => {
    const fetched = new Set<string>();
    const opened = await openPage(suite.browser, {
      ...device,
      tiles: (route) => {
        fetched.add(route.request().url());
        return serveTile(route);
      },
    });
    await opened.page.goto(`${suite.server.baseUrl}/?${aViewQuery}`);
    await opened.page.locator('.public-map__leaflet .leaflet-tile-loaded').first().waitFor({ state: 'attached' });
    await opened.page.waitForLoadState('networkidle');
    const leaflet = await boxesBySrc(opened.page, '.public-map__leaflet .leaflet-tile');
    expect(fetched.size).toBeGreaterThan(0);
    expect([...fetched].sort()).toEqual(Object.keys(leaflet).sort());
    // Each tile shown at no more than its natural 256 pixels on this screen (Lighthouse's image-size-responsive).
    const highDensity = 'deviceScaleFactor' in device;
    expect(Object.values(leaflet).every((box) => box.width === (highDensity ? 128 : 256))).toBe(true);
    expect(Object.keys(leaflet).every((src) => src.includes(`/${aView.zoom + (highDensity ? 1 : 0)}/`))).toBe(true);
    await expectCleanRunThenClose(opened);
  });
});
