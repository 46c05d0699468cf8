/**
 * A report arrives once, in Chromium against the real server: when the answer is lost after the
 * server stored the report, and when the page is reloaded while the report is on its way. The app
 * asks by the draft's Idempotency-Key and lands on the confirmation; the server holds one report.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseServiceType, confirmedRequestId, openReportPage } from './report-flow-helpers';
import { withServerAndBrowser } from './suite-setup';

const suite = withServerAndBrowser({ env: { PROXY_POSTS_PER_MINUTE: '1000' } });

function storedWith(description: string): { ids: string[] } {
  const db = new Database(join(suite.server.dataDir, 'kerro.sqlite'), { readonly: true });
  try {
    const ids = db.prepare('SELECT service_request_id FROM service_requests WHERE description = ?').all(description) as { service_request_id: string }[];
    return { ids: ids.map((row) => row.service_request_id) };
  } finally {
    db.close();
  }
}

async function fillReport(page: Page, description: string): Promise<void> {
  await chooseServiceType(page, 'vandal', 'Vandalism');
  await page.getByRole('button', { name: 'Report here: place the pin at the map centre' }).click();
  await page.getByLabel('Description').fill(description);
}

const draftEntry = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('kerro.report.draft') ?? 'null') as { idempotencyKey?: string; sending?: boolean } | null);

describe('a report arrives once', () => {
  it('the answer is lost after the server stored it: the app asks by its key and shows the confirmation', async () => {
    const { page, finish } = await openReportPage(suite.browser, suite.server.baseUrl);
    const description = 'Bus shelter glass smashed; its answer is lost on the way back.';
    await fillReport(page, description);
    const key = (await draftEntry(page))?.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const sentKeys: string[] = [];
    await page.route('**/proxy/open311/v1/requests.json', async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sentKeys.push((await route.request().headerValue('idempotency-key')) ?? '');
      await route.fetch(); // the server stores the report and answers...
      await route.abort('connectionreset'); // ...and the answer never reaches the page
    });
    await page.getByRole('button', { name: 'Send report' }).click();
    const id = await confirmedRequestId(page);
    expect(sentKeys).toEqual([`"${key}"`]);
    expect(storedWith(description).ids).toEqual([id]);
    // A new draft is a new report with a new key.
    await page.getByRole('link', { name: 'Report another problem' }).click();
    await page.getByLabel('Description').fill('The next report, a new draft.');
    await expect.poll(async () => (await draftEntry(page))?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((await draftEntry(page))?.idempotencyKey).not.toBe(key);
    await finish();
  });

  it('a reload while the report is on its way: the reloaded page finds it arrived and shows the confirmation', async () => {
    const { page, finish } = await openReportPage(suite.browser, suite.server.baseUrl);
    const description = 'Park bench broken; the page is reloaded while it is sent.';
    await fillReport(page, description);

    let stored: () => void = () => undefined;
    const serverHasIt = new Promise<void>((resolve) => (stored = resolve));
    // Routed until the reload; its answer is never given (unrouting would let the held request go on).
    await page.route('**/proxy/open311/v1/requests.json', async (route: Route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fetch(); // stored on the server; its answer is held back
      stored();
    });
    await page.getByRole('button', { name: 'Send report' }).click();
    await serverHasIt;
    expect((await draftEntry(page))?.sending).toBe(true);
    await page.reload();
    const id = await confirmedRequestId(page);
    expect(storedWith(description).ids).toEqual([id]);
    expect(await draftEntry(page)).toBeNull();
    await finish();
  });

  it('a reload before the report reached the server: the draft stays, says so plainly, and is sent once', async () => {
    const { page, finish } = await openReportPage(suite.browser, suite.server.baseUrl);
    const description = 'Litter bin overflowing; the send never left the device.';
    await fillReport(page, description);
    let held: () => void = () => undefined;
    const postHeld = new Promise<void>((resolve) => (held = resolve));
    let holding = true;
    // The first POST is held, never sent on (unrouting would let it go on): the reload cuts it.
    await page.route('**/proxy/open311/v1/requests.json', (route: Route) => {
      if (route.request().method() !== 'POST' || !holding) return route.continue();
      held();
      return undefined;
    });
    await page.getByRole('button', { name: 'Send report' }).click();
    await postHeld;
    holding = false;
    await page.reload();
    await page.getByText('Your report had not arrived when the page closed.').waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe(description);
    expect(storedWith(description).ids).toEqual([]);
    await page.getByRole('button', { name: 'Send report' }).click();
    const id = await confirmedRequestId(page);
    expect(storedWith(description).ids).toEqual([id]);
    await finish();
  });
});
