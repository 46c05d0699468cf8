import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ServiceType } from '../../src/shared/georeport/types';
import { screenshot } from '../helpers/browser';
import { expectCleanRunThenClose, helsinki, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';

/**
 * A request's own page shows where it is (issue 11, map first): a small map of its place, loaded
 * after the page's text into a box held for it, the address in words, and its photos.
 */

const pageErrors: string[] = [];

const suite = withServerAndBrowser();

const laptop = { width: 1280, height: 800 };
const browserLocales = { en: 'en-GB', fi: 'fi-FI', sv: 'sv-FI' } as const;

/** A real photo: a JPEG made by sharp. */
async function samplePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#5b8c5a"/><rect x="150" y="250" width="500" height="60" fill="#8b5a2b"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function createRequestWithPhoto(): Promise<string> {
  const services = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as ServiceType[];
  const body = new FormData();
  const fields = {
    service_code: services[0]!.service_code,
    title: 'Broken bench by the fountain',
    description: 'Two slats of the bench are missing.',
    lat: '60.16760',
    long: '24.94810',
    address_string: 'Esplanadi park, by the fountain',
    email: 'resident@example.org',
  };
  for (const [field, value] of Object.entries(fields)) body.append(field, value);
  body.append('media[]', new Blob([new Uint8Array(await samplePhoto())], { type: 'image/jpeg' }), 'bench.jpg');
  const response = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body });
  const created = (await response.json()) as { service_request_id: string }[];
  expect(response.status, JSON.stringify(created)).toBe(200);
  return created[0]!.service_request_id;
}

describe("a request's own page in Chromium", () => {
  it.each([
    ['a phone', mobile],
    ['a laptop', laptop],
  ])('on %s, shows a small map of its place (its space held, nothing shifts), the address and the photos', async (name, viewport) => {
    const id = await createRequestWithPhoto();
    const opened = await openPage(suite.browser, { viewport, timezoneId: helsinki, pageErrors });
    const { page } = opened;
    // The map's code is held back until the page's text has settled, so its arrival is measured alone.
    let releaseMap = () => {};
    const mapHeld = new Promise<void>((resolve) => (releaseMap = resolve));
    await page.route(/\/assets\/point-map-[^/]+\.js$/, async (route) => {
      await mapHeld;
      await route.continue();
    });
    // Layout shifts from the first byte, as Chromium reports them (CLS).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Element }[] }[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${suite.server.baseUrl}/requests/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Broken bench by the fountain' }).waitFor();
    // The page's text is in once it knows the report is not yet public (the notice above it).
    await page.locator('.notice--moderation').waitFor();
    const place = page.getByRole('region', { name: 'Location' });
    const mapBox = place.locator('.request-place__map');
    const heightBefore = (await mapBox.boundingBox())!.height;
    expect(heightBefore).toBeGreaterThan(150);
    expect(await place.locator('.point-map__leaflet').count()).toBe(0);
    // From here on, the map's arrival must move nothing.
    await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.splice(0));
    releaseMap();

    // The map arrives with its point marked, in the box held for it.
    await place.locator('.point-map__leaflet').waitFor();
    await place.locator('.leaflet-overlay-pane path').waitFor();
    expect((await mapBox.boundingBox())!.height).toBe(heightBefore);
    // Its point is the request's: the marker sits in the middle of the map.
    const marker = (await place.locator('.leaflet-overlay-pane path').boundingBox())!;
    const map = (await mapBox.boundingBox())!;
    expect(Math.abs(marker.x + marker.width / 2 - (map.x + map.width / 2))).toBeLessThan(3);
    expect(Math.abs(marker.y + marker.height / 2 - (map.y + map.height / 2))).toBeLessThan(3);

    expect(await place.textContent()).toContain('Esplanadi park, by the fountain');
    expect(await place.textContent()).toContain('Coordinates 60.16760, 24.94810');
    const photo = page.getByRole('img', { name: /^Photo 1 of 1/ });
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    const shift = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0));
    expect(shift).toBeLessThan(0.02);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `request-place-${viewport === mobile ? 'mobile' : 'desktop'}`);
    await expectNoAxeViolations(page);
    await expectCleanRunThenClose(opened);
  });

  it.each(['fi', 'sv', 'en'] as const)('has no axe violations in %s', async (language) => {
    const id = await createRequestWithPhoto();
    const opened = await openPage(suite.browser, { viewport: mobile, locale: browserLocales[language], timezoneId: helsinki, pageErrors });
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/requests/${id}`);
    await page.locator('.point-map__leaflet .leaflet-overlay-pane path').waitFor();
    await expectNoAxeViolations(page);
    await expectCleanRunThenClose(opened);
  });
});
