import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/project-root';
import { expectCleanRunThenClose, mobile, openPage } from './browser-context';
import { withServerAndBrowser } from './suite-setup';

/**
 * Phones first (issue 14): the page's frame (header) paints from index.html before the app's
 * scripts run (src/client/boot.ts), and before Leaflet and the map code are even asked for — the
 * largest scripts of the app; a phone on a slow line would otherwise wait for them to see
 * anything. Measured in the browser against the first contentful paint. The map must still come.
 */

const pageErrors: string[] = [];

const suite = withServerAndBrowser();

/** The built chunk with Leaflet in it, found by a string minifying keeps (its zoom animation class). */
function leafletChunk(): string {
  const assets = join(projectRoot, 'dist/client/assets');
  const found = readdirSync(assets).filter((file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes('leaflet-zoom-anim'));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('first paint before the app', () => {
  it("paints the frame from the HTML and its stylesheet, and renders the app after that paint, with the header in place", async () => {
    const opened = await openPage(suite.browser, { viewport: mobile, pageErrors });
    const { page } = opened;
    // When the app's own header (its navigation, which the frame in index.html has not) first appears.
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('.site-nav')) return;
        (window as unknown as { appRenderedAt: number }).appRenderedAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const response = await page.goto(`${suite.server.baseUrl}/`);
    expect(await response!.text()).toMatch(/<header class="site-header">.*<span class="site-header__name">Kerro<\/span>/);
    await page.locator('.public-map__leaflet').waitFor({ timeout: 30_000 });

    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      appRendered: (window as unknown as { appRenderedAt?: number }).appRenderedAt,
    }));
    expect(timing.firstPaint).toBeGreaterThan(0);
    expect(timing.appRendered).toBeGreaterThan(timing.firstPaint!);
    await expectCleanRunThenClose(opened);
  });
});

describe('first paint before the map code', () => {
  it('/ paints its frame first, then fetches Leaflet, and the map still draws', async () => {
    const chunk = leafletChunk();
    const opened = await openPage(suite.browser, { viewport: mobile, pageErrors });
    const { page } = opened;
    const response = await page.goto(`${suite.server.baseUrl}/`);
    // Not even hinted in the HTML: a preload would compete with the frame's own scripts.
    expect(await response!.text()).not.toContain(chunk);
    await page.locator('.public-map__leaflet').waitFor({ timeout: 30_000 });

    const timing = await page.evaluate((name) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const leaflet = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(`/assets/${name}`));
      return { firstPaint: paint?.startTime, leafletRequested: leaflet?.startTime };
    }, chunk);
    expect(timing.firstPaint).toBeGreaterThan(0);
    expect(timing.leafletRequested).toBeGreaterThan(timing.firstPaint!);
    await expectCleanRunThenClose(opened);
  });
});
