import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { desktop, expectCleanRunThenClose, mobile, openPage } from './browser-context';
import { expectNoAxeViolations } from './expectations';
import { expectLocalizedMapControls, mapZoom } from './map-controls';
import { withServerAndBrowser } from './suite-setup';

/**
 * The report page's map and photos as a person meets them in a real browser: the mouse wheel
 * scrolls the page over the map until the map is chosen, Leaflet's controls speak the UI
 * language, and the reports already made around the pin are drawn on it. (Photos as a grid that
 * moves nothing as they arrive: layout-shift.test.ts, which runs alone.)
 */

const suite = withServerAndBrowser();
const pageErrors: string[] = [];
const mapSelector = '.location-map .leaflet-container';

async function openReport(viewport = desktop, locale = 'en-GB') {
  const opened = await openPage(suite.browser, { viewport, locale, pageErrors });
  await opened.page.goto(`${suite.server.baseUrl}/report`);
  await opened.page.getByRole('heading', { level: 1 }).waitFor();
  await opened.page.locator('.type-option').first().waitFor();
  await opened.page.locator(mapSelector).waitFor();
  return opened;
}

const zoomOf = (page: Page) => mapZoom(page, mapSelector);

/** Moves the mouse to the map's centre, with the map in the middle of the window. */
async function pointAtMap(page: Page): Promise<void> {
  await page.evaluate((css) => document.querySelector(css)!.scrollIntoView({ block: 'center' }), mapSelector);
  const box = (await page.locator(mapSelector).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * Counts the wheel events that reach the map's own bubbling listeners, where Leaflet's wheel zoom
 * listens: a wheel kept from the map never gets there. Read it once the hint shows (the wheel was handled).
 */
async function countWheelsReachingMap(page: Page): Promise<() => Promise<number>> {
  await page.evaluate((css) => {
    const counted = window as unknown as { wheelsAtMap: number };
    counted.wheelsAtMap = 0;
    document.querySelector(css)!.addEventListener('wheel', () => (counted.wheelsAtMap += 1), { passive: true });
  }, mapSelector);
  return () => page.evaluate(() => (window as unknown as { wheelsAtMap: number }).wheelsAtMap);
}

describe('report map and the mouse wheel', () => {
  it('scrolls the page over the map, with a hint; zooms with Ctrl held or once the map is chosen', async () => {
    const opened = await openReport();
    const { page } = opened;
    await pointAtMap(page);
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(0);
    const zoom = await zoomOf(page);

    // A plain wheel over the map scrolls the page and leaves the map as it is: Leaflet never gets it.
    const wheelsAtMap = await countWheelsReachingMap(page);
    const before = await scrollY(page);
    await page.mouse.wheel(0, 240);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(before);
    const hint = page.locator('.map-wheel-hint');
    await expect.poll(() => hint.isVisible()).toBe(true);
    expect(await wheelsAtMap()).toBe(0);
    expect(await hint.textContent()).toBe('Use Ctrl + scroll to zoom');
    await screenshot(page, 'report-map-wheel-hint');
    // The hint goes away by itself; by then a zoom, had there been one, would have ended.
    await expect.poll(() => hint.isVisible(), { timeout: 5_000 }).toBe(false);
    expect(await zoomOf(page)).toBe(zoom);

    // With Ctrl held the wheel zooms the map, and the page stays put.
    await pointAtMap(page);
    const still = await scrollY(page);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -240);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(zoom);
    expect(await scrollY(page)).toBe(still);
    expect(await hint.isVisible()).toBe(false);
    expect(await wheelsAtMap()).toBeGreaterThan(0); // the count sees what Leaflet sees

    // Once the map is chosen (focused), the wheel zooms it without Ctrl.
    await page.locator(mapSelector).focus();
    const zoomed = await zoomOf(page);
    await pointAtMap(page);
    await page.mouse.wheel(0, 240);
    await expect.poll(() => zoomOf(page)).toBeLessThan(zoomed);

    // Leaving the map gives the wheel back to the page.
    await page.getByRole('heading', { level: 1 }).click();
    await pointAtMap(page);
    const zoomAfter = await zoomOf(page);
    const top = await scrollY(page);
    const reached = await wheelsAtMap();
    await page.mouse.wheel(0, 240);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(top);
    await expect.poll(() => hint.isVisible()).toBe(true);
    expect(await wheelsAtMap()).toBe(reached);
    expect(await zoomOf(page)).toBe(zoomAfter);
    await expectCleanRunThenClose(opened);
  });

  it('gives the hint in Finnish and Swedish', async () => {
    for (const [locale, text] of [
      ['fi-FI', 'Zoomaa painamalla Ctrl-näppäintä ja vierittämällä'],
      ['sv-FI', 'Använd Ctrl + rullning för att zooma'],
    ] as const) {
      const opened = await openReport(desktop, locale);
      const { page } = opened;
      await pointAtMap(page);
      await page.mouse.wheel(0, 240);
      const hint = page.locator('.map-wheel-hint');
      await expect.poll(() => hint.isVisible()).toBe(true);
      expect(await hint.textContent()).toBe(text);
      await expectCleanRunThenClose(opened);
    }
  });
});

describe('report map controls in the UI language', () => {
  it.each([
    ['fi-FI', 'Ilmoita ongelmasta'],
    ['sv-FI', 'Anmäl ett problem'],
    ['en-GB', 'Report a problem'],
  ])('in %s', async (locale, heading) => {
    const opened = await openReport(desktop, locale);
    const { page } = opened;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    await expectLocalizedMapControls(page, mapSelector, locale.slice(0, 2) as 'fi' | 'sv' | 'en');
    await expectNoAxeViolations(page);
    await expectCleanRunThenClose(opened);
  });
});

describe('reports already made around the pin', () => {
  it('are drawn on the report map as on the home map, and one chosen there offers following it or an update', async () => {
    const published = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests.json?status=open&locale=en`)).json()) as { lat?: string; long?: string }[];
    const target = published.find((request) => request.lat && request.long)!;
    const opened = await openPage(suite.browser, { viewport: mobile, locale: 'en-GB', pageErrors });
    const { page } = opened;
    // The pin some 90 m north of a published open report, so the two do not cover each other.
    await page.goto(`${suite.server.baseUrl}/report?lat=${Number(target.lat) + 0.0008}&lon=${target.long}`);
    await page.locator(`${mapSelector} img.leaflet-marker-icon`).waitFor();
    await page.locator('.nearby [role="status"]').waitFor();
    // The home map's open-report markers (or its bubbles, zoomed into until one falls apart).
    const single = page.locator(`${mapSelector} .map-marker--request`);
    for (let zooms = 0; (await single.count()) === 0 && zooms < 4; zooms += 1) {
      await page.locator(`${mapSelector} .map-cluster--requests`).first().click();
      await single.first().waitFor({ timeout: 2_000 }).catch(() => undefined);
    }
    await single.first().waitFor();
    expect(await single.first().getAttribute('aria-hidden')).toBe('true'); // the list beside the map names them
    await page.locator(mapSelector).scrollIntoViewIfNeeded();
    await screenshot(page, 'report-map-nearby-mobile');

    await single.first().click();
    const chosen = page.locator('.nearby-choice');
    await chosen.waitFor();
    expect(await single.first().evaluate((marker) => marker.classList.contains('is-selected'))).toBe(true);
    expect(await chosen.getByRole('link', { name: /^Follow this one instead/ }).getAttribute('href')).toMatch(/^\/requests\/[^#]+#follow$/);
    expect(await chosen.getByRole('link', { name: /^Still there\? Add an update with your photo/ }).getAttribute('href')).toMatch(/^\/requests\/[^#]+#add-update$/);
    await screenshot(page, 'report-map-nearby-chosen-mobile');
    await expectNoAxeViolations(page);
    await expectCleanRunThenClose(opened);
  });
});
