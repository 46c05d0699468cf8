import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { describeViolations, runAxe } from '../helpers/browser';
import { collectCspViolations, describeCspViolations } from '../helpers/csp';

/**
 * Opens a fresh browser context on /report; tile requests fail at once, as on a machine offline.
 * `finish()` closes it and checks that the page threw nothing and the CSP refused nothing.
 */
export async function openReportPage(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; finish: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', ...options });
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const cspViolations = await collectCspViolations(page);
  await page.goto(`${baseUrl}/report`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('.type-option').first().waitFor();
  await page.locator('.location-map .leaflet-container').waitFor();
  const finish = async () => {
    const violations = await cspViolations();
    await context.close();
    expect(pageErrors).toEqual([]);
    expect(violations, describeCspViolations(violations)).toEqual([]);
  };
  return { context, page, finish };
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** A photo-like JPEG: a gradient with noise, so it compresses like a real picture. */
export async function makeJpeg(width: number, height: number, options: { orientation?: number; quality?: number } = {}): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let seed = 12345;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) % 48;
      const offset = (y * width + x) * channels;
      pixels[offset] = (x * 255) / width / 1.3 + noise;
      pixels[offset + 1] = (y * 255) / height / 1.3 + noise;
      pixels[offset + 2] = 120 + noise;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality: options.quality ?? 90 });
  // EXIF with a GPS position, as phones write it: the upload must not carry it.
  image = image.withExif({ IFD0: { Make: 'KerroTestCam', Model: 'E2E' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 0/1' } });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/** Chooses a service type the way a person does: search, then the radio button. */
export async function chooseServiceType(page: Page, search: string, name: string): Promise<void> {
  await page.getByLabel('Search by name or keyword').fill(search);
  await page.getByRole('radio', { name: new RegExp(`^${name}`) }).check();
}

export async function placeSummary(page: Page): Promise<string> {
  return (await page.locator('.place-summary__text').textContent()) ?? '';
}

/** Waits for the photo previews to show and returns their natural sizes. */
export async function previewSizes(page: Page, count: number): Promise<{ width: number; height: number }[]> {
  await expect.poll(() => page.locator('.photo-list__image').count(), { timeout: 20_000 }).toBe(count);
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.photo-list__image')].every((image) => image.complete && image.naturalWidth > 0));
  return page.locator('.photo-list__image').evaluateAll((images) =>
    images.map((image) => ({ width: (image as HTMLImageElement).naturalWidth, height: (image as HTMLImageElement).naturalHeight })),
  );
}

export interface StoredRequest {
  service_request_id: string;
  service_code: string;
  description: string;
  lat?: string;
  long?: string;
  address: string;
  extended_attributes?: { title?: string; service_object_id?: string; service_object_type?: string; media_urls: string[] };
}

/** The request as the GeoReport API has stored it (a single request is readable before moderation). */
export async function fetchStoredRequest(baseUrl: string, id: string): Promise<StoredRequest> {
  const response = await fetch(`${baseUrl}/open311/v1/requests/${encodeURIComponent(id)}.json?extensions=true`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as StoredRequest[];
  expect(body).toHaveLength(1);
  return body[0]!;
}

/** The confirmation takes the focus and shows the id; returns the id. */
export async function confirmedRequestId(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { level: 2, name: 'Thank you! Your report has been received.' });
  await heading.waitFor({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('report-confirmation-title');
  const id = (await page.getByTestId('report-id').textContent())?.trim() ?? '';
  expect(id).not.toBe('');
  expect(await page.getByRole('link', { name: 'Follow your report' }).getAttribute('href')).toBe(`/requests/${encodeURIComponent(id)}`);
  return id;
}
