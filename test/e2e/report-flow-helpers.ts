import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectCleanRunThenClose, openPage } from './browser-context';

/**
 * Opens a fresh browser context on /report; tile requests fail at once, as on a machine offline.
 * `finish()` checks that the page threw nothing and the CSP refused nothing, then closes it.
 */
export async function openReportPage(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; finish: () => Promise<void> }> {
  const opened = await openPage(browser, options);
  const { context, page } = opened;
  await page.goto(`${baseUrl}/report`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('.type-option').first().waitFor();
  await page.locator('.location-map .leaflet-container').waitFor();
  return { context, page, finish: () => expectCleanRunThenClose(opened) };
}

export async function chooseServiceType(page: Page, search: string, name: string): Promise<void> {
  await page.getByLabel('Search by name or keyword').fill(search);
  await page.getByRole('radio', { name: new RegExp(`^${name}`) }).check();
}

export async function placeSummary(page: Page): Promise<string> {
  return (await page.locator('.place-summary__text').textContent()) ?? '';
}

/** The pin as the report's draft keeps it (lat/long text), as numbers. */
export async function draftPin(page: Page): Promise<{ lat: number; long: number }> {
  const values = await page.evaluate(() => (JSON.parse(localStorage.getItem('kerro.report.draft') ?? '{}') as { values?: { lat?: string; long?: string } }).values);
  return { lat: Number(values?.lat), long: Number(values?.long) };
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
  const heading = page.getByRole('heading', { level: 1, name: 'Thank you! Your report has been received.' });
  await heading.waitFor({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('report-confirmation-title');
  const id = (await page.getByTestId('report-id').textContent())?.trim() ?? '';
  expect(id).not.toBe('');
  expect(await page.getByRole('link', { name: 'Follow your report' }).getAttribute('href')).toBe(`/requests/${encodeURIComponent(id)}`);
  return id;
}

/** The draft's photos as kept on the device (src/client/lib/device-storage.ts): name, and the first 4 KiB of each blob. */
export async function storedDraftPhotos(page: Page): Promise<{ name: string; head: number[] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('kerro-draft-photos');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('keyval')) return resolve([]);
          const all = database.transaction('keyval').objectStore('keyval').getAll();
          all.onsuccess = async () => {
            const photos = all.result as { name: string; blob: Blob }[];
            resolve(await Promise.all(photos.map(async (photo) => ({ name: photo.name, head: [...new Uint8Array(await photo.blob.slice(0, 4096).arrayBuffer())] }))));
          };
        };
      }),
  );
}
