import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCleanRunThenClose, helsinki, mobile, nextFrames, openPage, type OpenedPage } from './browser-context';
import { emptyOriginStorage } from './empty-origin-storage';
import { expectLaidOutAt, expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { placeSummary } from './report-flow-helpers';
import { withServerAndBrowser } from './suite-setup';

/**
 * Map first (issue 11): the home page's map fills the first screen on a phone and on a laptop,
 * the phone's header is one slim row with the navigation behind a menu button, a click, tap or
 * Enter on the map offers "Report a problem here" with the point in the link. (A request's own
 * page and its map: request-place.test.ts.)
 */

const suite = withServerAndBrowser();

const laptop = { width: 1280, height: 800 };
const titles = { en: 'Reported problems on the map', fi: 'Ilmoitetut ongelmat kartalla', sv: 'Anmälda problem på kartan' } as const;

/**
 * Every test shares one context: each loads / afresh at its size, with the origin's storage
 * emptied (a language chosen in the menu is forgotten), for a later navigation's cost instead of a
 * fresh context's first load. Its page must have thrown nothing and the CSP refused nothing when
 * the file ends.
 */
let shared: OpenedPage;
beforeAll(async () => {
  shared = await openPage(suite.browser, { timezoneId: helsinki });
});
afterAll(async () => {
  if (shared) await expectCleanRunThenClose(shared);
});

/** / as a first visit shows it at this size; a language other than the browser's (en-GB) as a person's earlier choice. */
const openHome = async (viewport: { width: number; height: number }, language: keyof typeof titles = 'en') => {
  const { page } = shared;
  await emptyOriginStorage(page, suite.server.baseUrl);
  if (language !== 'en') await page.evaluate((chosen) => localStorage.setItem('kerro.language', chosen), language);
  await page.setViewportSize(viewport);
  await page.goto(`${suite.server.baseUrl}/`);
  await page.getByRole('heading', { level: 1, name: titles[language] }).waitFor();
  await page.locator('.requests-summary__count[data-count]').waitFor({ timeout: 30_000 });
  await page.locator('.public-map__leaflet').waitFor({ timeout: 30_000 });
  return shared;
};

/** Where the map and the header are, with the page scrolled to the top. */
async function firstScreen(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const rect = document.querySelector(selector)!.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, height: rect.height, width: rect.width };
    };
    return { scrollY: window.scrollY, map: box('.public-map__leaflet'), header: box('.site-header'), viewport: { width: innerWidth, height: innerHeight } };
  });
}

/** The view the map wrote into the URL (its centre), once it has settled. */
async function mapCentre(page: Page): Promise<{ lat: number; long: number }> {
  await expect.poll(() => new URL(page.url()).searchParams.get('zoom'), { timeout: 30_000 }).not.toBeNull();
  const params = new URL(page.url()).searchParams;
  return { lat: Number(params.get('lat')), long: Number(params.get('long')) };
}

/**
 * How far a point picked at the map's middle may lie from the URL's centre: the URL rounds it,
 * and the middle pixel is a pixel (about 0.0003° at the zoom the demo data fits in).
 */
const NEAR_CENTRE = 1e-3;

/** The popup has faded in (Leaflet fades it; half-transparent text would fail contrast checks). */
async function popupShown(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.report-here-popup').evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
}

/** The point a "Report a problem here" link carries, checked for its form. */
function pointIn(href: string | null): { lat: number; lon: number } {
  expect(href).toMatch(/^\/report\?lat=-?\d+\.\d{6}&lon=-?\d+\.\d{6}$/);
  const params = new URL(href!, 'http://x').searchParams;
  return { lat: Number(params.get('lat')), lon: Number(params.get('lon')) };
}

describe('map-first home page in Chromium', () => {
  it.each([
    ['a phone', mobile],
    ['a laptop', laptop],
  ])('on %s, the map starts in the first screen and fills it to the bottom (on a laptop, the navigation and languages in the header row)', async (name, viewport) => {
    const { page } = await openHome(viewport);
    const measured = await firstScreen(page);
    expect(measured.scrollY).toBe(0);
    // The map's top is near the top of the window (under the header and the title bar)…
    expect(measured.map.top).toBeGreaterThanOrEqual(measured.header.bottom);
    expect(measured.map.top).toBeLessThan(viewport.height * 0.25);
    // …and it reaches the bottom of the first screen, full width on a phone.
    expect(Math.abs(measured.map.bottom - viewport.height)).toBeLessThanOrEqual(1);
    expect(measured.map.height).toBeGreaterThan(viewport.height * 0.7);
    if (viewport === mobile) {
      expect(measured.map.width).toBe(viewport.width);
      expect(measured.header.height).toBeLessThanOrEqual(64);
    } else {
      expect(measured.header.height).toBeLessThanOrEqual(80);
      // On a laptop, the navigation and the languages are in the header row, no menu button.
      const banner = page.getByRole('banner');
      expect(await banner.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
      expect(await banner.getByRole('navigation').getByRole('link', { name: 'Counters' }).isVisible()).toBe(true);
      expect(await banner.getByRole('button', { name: 'Svenska' }).isVisible()).toBe(true);
    }
    await expectNoHorizontalScroll(page);

    // The explanation waits under the map, folded, in plain words.
    const about = page.getByText('About this map');
    expect((await about.boundingBox())!.y).toBeGreaterThan(viewport.height);
    await about.click();
    await page.getByText('Reports load 200 at a time, newest first', { exact: false }).waitFor();
  });

  it('on a phone, the header is one slim row and its menu works by keyboard', async () => {
    const { page } = await openHome(mobile);
    const banner = page.getByRole('banner');
    const menuButton = banner.getByRole('button', { name: 'Menu' });
    expect(await banner.getByRole('navigation').isVisible()).toBe(false);

    // Skip link, the name (home), then the menu button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(await banner.getByRole('navigation').isVisible()).toBe(true);
    // The header itself keeps its height: the menu opens over the page.
    expect((await page.locator('.site-header').boundingBox())!.height).toBeLessThanOrEqual(64);
    await expectNoAxeViolations(page);

    // Tab goes on into the menu: the links, then the languages.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Map');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Report a problem');
    // Escape closes it and puts focus back on the button.
    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');
    expect(await banner.getByRole('navigation').isVisible()).toBe(false);

    // A language chosen in the menu: the page changes language, the menu stays open to show it.
    await page.keyboard.press('Space');
    await banner.getByRole('button', { name: 'Suomi' }).click();
    await page.getByRole('heading', { level: 1, name: titles.fi }).waitFor();
    expect(await banner.getByRole('button', { name: 'Valikko' }).getAttribute('aria-expanded')).toBe('true');

    // Choosing a page closes it.
    await banner.getByRole('link', { name: 'Laskurit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Liikennelaskurit' }).waitFor();
    expect(await banner.getByRole('button', { name: 'Valikko' }).getAttribute('aria-expanded')).toBe('false');
  });

  it.each([
    ['a phone', mobile],
    ['a laptop', laptop],
  ])('on %s, a click on the map offers "Report a problem here" with that point in the link', async (name, viewport) => {
    const { page } = await openHome(viewport);
    const centre = await mapCentre(page);
    const map = (await page.locator('.public-map__leaflet').boundingBox())!;
    // The middle of the map is its centre: the link must carry (about) the URL's centre.
    await page.mouse.click(map.x + map.width / 2, map.y + map.height / 2);
    const link = page.getByRole('link', { name: 'Report a problem here' });
    await link.waitFor();
    const point = pointIn(await link.getAttribute('href'));
    expect(Math.abs(point.lat - centre.lat)).toBeLessThan(NEAR_CENTRE);
    expect(Math.abs(point.lon - centre.long)).toBeLessThan(NEAR_CENTRE);
    // The link takes focus: a screen reader lands on it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Report a problem here');
    await popupShown(page);

    // A click elsewhere moves the offer there; a point to the left lies west of the centre.
    await page.mouse.click(map.x + map.width / 4, map.y + map.height / 2);
    await expect.poll(async () => pointIn(await link.getAttribute('href')).lon).toBeLessThan(centre.long);
    expect(await link.count()).toBe(1);

    // /report takes the point once and then drops it from the address bar (a race for page.url()),
    // so the point is read from the link; that /report?lat=&lon= starts with that very pin is
    // report-address.test.ts's to show.
    const offered = pointIn(await link.getAttribute('href'));
    expect(offered.lon).toBeLessThan(centre.long);
    expect(Math.abs(offered.lat - centre.lat)).toBeLessThan(NEAR_CENTRE);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/report');
    await expect.poll(() => placeSummary(page)).toMatch(/^Chosen place: pin on the map (at|near) /);
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });

  it('with the keyboard: Enter on the focused map offers a report at its centre (the crosshair); Escape closes it', async () => {
    const { page } = await openHome(laptop);
    const centre = await mapCentre(page);
    await page.locator('.public-map__leaflet').focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: 'Report a problem here' });
    await link.waitFor();
    const point = pointIn(await link.getAttribute('href'));
    expect(Math.abs(point.lat - centre.lat)).toBeLessThan(NEAR_CENTRE);
    expect(Math.abs(point.lon - centre.long)).toBeLessThan(NEAR_CENTRE);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Report a problem here');
    // The point is said in words: the nearest address once known, its coordinates until then.
    expect(await page.locator('.report-here__place').textContent()).toMatch(/^(At \d+\.\d{5}, \d+\.\d{5}|Near .+)$/);

    await page.keyboard.press('Escape');
    await link.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('leaflet-container'))).toBe(true);

    // Enter on a marker still opens the marker, not the offer.
    const marker = page.locator('.map-marker--request, .map-cluster--requests').first();
    await marker.focus();
    await page.keyboard.press('Enter');
    await nextFrames(page); // the key was handled; whatever it rendered is drawn
    expect(await link.count()).toBe(0);
  });

  it('the address search over the map moves it there; the offer there names the nearest address', async () => {
    const found = (await (await fetch(`${suite.server.baseUrl}/proxy/geocoding/v1/search?text=${encodeURIComponent('Fleminginkatu 6')}&lang=en&size=1`)).json()) as {
      features: { geometry: { coordinates: [number, number] } }[];
    };
    const [lon, lat] = found.features[0]!.geometry.coordinates;
    const { page } = await openHome(mobile);
    await mapCentre(page);
    const box = page.getByRole('combobox', { name: 'Street address or place' });
    // On the map, in the first screen.
    const boxTop = (await box.boundingBox())!.y;
    const mapBox = (await page.locator('.public-map__leaflet').boundingBox())!;
    expect(boxTop).toBeGreaterThan(mapBox.y);
    expect(boxTop).toBeLessThan(mapBox.y + 100);
    await box.fill('Fleminginkatu 6');
    await page.getByRole('option', { name: /^Fleminginkatu 6, \d{5} Helsinki/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('zoom')).toBe('17');
    const centre = await mapCentre(page);
    expect(Math.abs(centre.lat - lat)).toBeLessThan(1e-4);
    expect(Math.abs(centre.long - lon)).toBeLessThan(1e-4);

    // Enter on the map there: the offer says where, in words, and carries the point.
    await page.locator('.public-map__leaflet').focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: 'Report a problem here' });
    await link.waitFor();
    await expect.poll(() => page.locator('.report-here__place').textContent()).toMatch(/^Near Fleminginkatu 6, \d{5} Helsinki$/);
    const point = pointIn(await link.getAttribute('href'));
    expect(Math.abs(point.lat - lat)).toBeLessThan(1e-4);
    expect(Math.abs(point.lon - lon)).toBeLessThan(1e-4);
    await popupShown(page);
  });

  // axe once per language on a phone, with the offer open (the page's markup is the same at any
  // width, and with the offer it is the whole page), then the same page widened to a laptop:
  // nothing scrolls sideways, the offer still shows. The offer's other tests leave axe to these.
  it.each(['fi', 'sv', 'en'] as const)('has no axe violations in %s on a phone, with the offer open, and lays out on a laptop', async (language) => {
    const { page } = await openHome(mobile, language);
    const map = (await page.locator('.public-map__leaflet').boundingBox())!;
    await page.mouse.click(map.x + map.width / 2, map.y + map.height / 2);
    await page.locator('.report-here__link').waitFor();
    await popupShown(page);
    await expectNoAxeViolations(page);
    await expectLaidOutAt(page, laptop, page.locator('.report-here__link'));
  });
});
