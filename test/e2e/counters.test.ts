import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import type { CounterFeature, CounterPageEnvelope } from '../../src/shared/counters/wire';
import { desktop, expectCleanRunThenClose, helsinki, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { visibleMarker } from './map-markers';
import { withServerAndBrowser } from './suite-setup';

const suite = withServerAndBrowser();
const pageErrors: string[] = [];

/** Every counter, straight from the proxy (the service's largest page size). */
const counters: CounterFeature[] = [];

beforeAll(async () => {
  for (let page = 1; ; page += 1) {
    const body = (await (await fetch(`${suite.server.baseUrl}/proxy/counters/?page=${page}&page_size=1000`)).json()) as CounterPageEnvelope;
    counters.push(...body.results.features);
    if (!body.next) break;
  }
});

/** A page in a context with no internet, as on this machine (tile requests fail at once), in Helsinki time. */
const openCountersPage = (viewport = desktop) => openPage(suite.browser, { viewport, timezoneId: helsinki, pageErrors });

const atPlaceholder = (counter: CounterFeature) => counter.geometry.coordinates[0] === 0 && counter.geometry.coordinates[1] === 0;
const format = (value: number) => new Intl.NumberFormat('en-GB').format(value);

describe('counters in Chromium', () => {
  it('the map layer loads every page with visible progress, and lists the 0,0 counters as location unknown', async () => {
    expect(counters.length).toBeGreaterThanOrEqual(2000);
    const unlocated = counters.filter(atPlaceholder);
    expect(unlocated.length).toBeGreaterThan(0);

    const opened = await openCountersPage();
    const { page } = opened;
    const pagesAsked: number[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/proxy/counters/') pagesAsked.push(Number(url.searchParams.get('page')));
    });
    await page.goto(`${suite.server.baseUrl}/`);
    await page.locator('.requests-summary__count[data-count]').waitFor();
    await page.getByRole('checkbox', { name: 'Show traffic counters' }).check();
    const progress = page.locator('.counter-progress');
    await page.getByText(`Loaded all ${format(counters.length)} counters.`).waitFor({ timeout: 30_000 });
    expect(await progress.getAttribute('data-loaded')).toBe(String(counters.length));
    expect(await progress.getAttribute('data-total')).toBe(String(counters.length));
    expect(await progress.locator('progress').getAttribute('value')).toBe(String(counters.length));
    // Every page once, at the service's largest page size (page 2 goes out with page 1).
    expect(pagesAsked.slice(0, 2).sort()).toEqual([1, 2]);
    const pageSize = 1000;
    expect([...pagesAsked].sort((a, b) => a - b)).toEqual(Array.from({ length: Math.ceil(counters.length / pageSize) }, (_, i) => i + 1));

    await expect.poll(() => page.locator('.map-cluster--counters, .map-marker--counter').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('counters')).toBe('1');

    // The placeholders are not drawn; they are listed as location unknown.
    const heading = page.getByRole('heading', { name: `Location unknown: ${unlocated.length} counters` });
    await heading.click();
    const unknownList = page.locator('.map-list--unlocated > li');
    expect(await unknownList.count()).toBe(Math.min(25, unlocated.length));
    expect(await unknownList.first().getByRole('heading').textContent()).toBe(unlocated[0]!.properties.name);
    expect(await unknownList.first().getByText('Location unknown', { exact: true }).count()).toBe(1);
    await screenshot(page, 'map-desktop-counters');
    await expectNoAxeViolations(page);

    // Filters: one source, only those receiving data; in the URL and in the unknown-location list.
    const source = counters[0]!.properties.source;
    await page.getByLabel('Data source', { exact: true }).selectOption(source);
    await page.getByLabel('Receiving data', { exact: true }).selectOption('yes');
    const params = new URL(page.url()).searchParams;
    expect([params.get('source'), params.get('receiving')]).toEqual([source, 'yes']);
    const filteredUnknown = unlocated.filter((counter) => counter.properties.source === source && counter.properties.dataReceived);
    await page.getByRole('heading', { name: new RegExp(`^Location unknown: ${filteredUnknown.length} counters?$`) }).waitFor();

    // A counter marker opens its details (bubbles are clicked open until single markers show).
    const hasVisibleCounter = () => visibleMarker(page, '.map-marker--counter').then(() => true, () => false);
    for (let i = 0; i < 8 && !(await hasVisibleCounter()); i += 1) {
      const zoom = new URL(page.url()).searchParams.get('zoom');
      await (await visibleMarker(page, '.map-cluster--counters')).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('zoom')).not.toBe(zoom);
    }
    await (await visibleMarker(page, '.map-marker--counter')).click();
    const panel = page.getByRole('complementary', { name: 'Details' });
    await panel.getByText('Traffic counter', { exact: true }).waitFor();
    expect(await panel.getByText(source, { exact: true }).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('counter')).toMatch(/^\d+$/);
    await screenshot(page, 'map-desktop-counter-panel');
    await expectNoAxeViolations(page);
    await expectCleanRunThenClose(opened);
  });

  it('the counters page sorts, filters, links each counter to the map and downloads one CSV', async () => {
    const opened = await openCountersPage();
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/counters`);
    await page.getByRole('heading', { level: 1, name: 'Traffic counters' }).waitFor();
    await page.getByText(`Loaded all ${format(counters.length)} counters.`).waitFor({ timeout: 30_000 });
    const rows = page.locator('table tbody tr');
    expect(await rows.count()).toBe(100);
    await page.getByText(`${format(counters.length)} of ${format(counters.length)} counters match.`).waitFor();
    await screenshot(page, 'counters-desktop');
    await expectNoAxeViolations(page);

    // Sort by id, descending: the highest id first.
    await page.getByRole('button', { name: /^Id/ }).click();
    await page.getByRole('button', { name: /^Id/ }).click();
    const highest = Math.max(...counters.map((counter) => counter.properties.id));
    await expect.poll(() => rows.first().getAttribute('data-counter-id')).toBe(String(highest));
    expect(await page.getByRole('columnheader', { name: /^Id/ }).getAttribute('aria-sort')).toBe('descending');

    // Filter by source and "receiving data".
    const source = counters[0]!.properties.source;
    const expected = counters.filter((counter) => counter.properties.source === source && !counter.properties.dataReceived);
    await page.getByLabel('Data source', { exact: true }).selectOption(source);
    await page.getByLabel('Receiving data', { exact: true }).selectOption('no');
    await page.getByText(new RegExp(`^${format(expected.length)} of ${format(counters.length)} counters? match\\.$`)).waitFor();
    const sourcesShown = new Set(await page.locator('table tbody tr td:nth-child(3)').allTextContents());
    expect([...sourcesShown]).toEqual([source]);

    // A text search, then the counter's map link opens the map on it with its details.
    const located = expected.find((counter) => !atPlaceholder(counter))!;
    await page.getByRole('searchbox').fill(located.properties.name);
    const row = page.locator(`tr[data-counter-id="${located.properties.id}"]`);
    await row.waitFor();
    await row.getByRole('link', { name: /Show on the map/ }).click();
    await page.waitForURL(/\/\?counters=1&/);
    const url = new URL(page.url());
    expect(url.searchParams.get('counter')).toBe(String(located.properties.id));
    expect(Number(url.searchParams.get('lat'))).toBeCloseTo(located.geometry.coordinates[1], 4);
    const panel = page.getByRole('complementary', { name: 'Details' });
    await panel.getByRole('heading', { name: located.properties.name }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.map-marker--counter.is-selected').count()).toBe(1);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Traffic counters' }).waitFor();

    // One CSV: every counter, one header line, the municipality's name beside its code, and a
    // UTF-8 byte order mark first, so Excel in Finnish shows "ä" as "ä".
    await page.goto(`${suite.server.baseUrl}/counters`);
    const button = page.getByRole('button', { name: `Download all ${format(counters.length)} counters as CSV` });
    await button.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('counters.csv');
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^id,name,source,.*,municipalityCode,municipalityName,/);
    expect(lines.filter((line) => line.startsWith('id,name,'))).toHaveLength(1);
    expect(lines).toHaveLength(counters.length + 1);
    expect(lines.some((line) => line.includes(',091,Helsinki,'))).toBe(true);

    // With filters on, the rows shown; all of them are still a button away.
    await page.getByLabel('Data source', { exact: true }).selectOption(source);
    await page.getByLabel('Receiving data', { exact: true }).selectOption('no');
    const shownButton = page.getByRole('button', { name: `Download the ${format(expected.length)} counters shown as CSV` });
    await shownButton.waitFor();
    expect(await page.getByRole('button', { name: `Download all ${format(counters.length)} counters as CSV` }).count()).toBe(1);
    const [shownDownload] = await Promise.all([page.waitForEvent('download'), shownButton.click()]);
    expect(shownDownload.suggestedFilename()).toBe('counters-shown.csv');
    const shownLines = readFileSync((await shownDownload.path())!).subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(shownLines).toHaveLength(expected.length + 1);
    expect(new Set(shownLines.slice(1).map((line) => Number(line.split(',')[0])))).toEqual(new Set(expected.map((counter) => counter.properties.id)));
    await expectCleanRunThenClose(opened);
  });

  it('the counters page fits a phone screen (the table scrolls inside its frame, each row keeping its name in view) and stays accessible', async () => {
    const { context, page } = await openCountersPage(mobile);
    await page.goto(`${suite.server.baseUrl}/counters`);
    await page.getByText(`Loaded all ${format(counters.length)} counters.`).waitFor({ timeout: 30_000 });
    await expectNoHorizontalScroll(page);
    // Scrolled to "Show traffic", the row still says which counter it is: its name stays at the frame's left edge.
    const frame = page.locator('.counters-table__scroll');
    const firstName = frame.locator('tbody th').first();
    const leftBefore = (await firstName.boundingBox())!.x;
    await frame.evaluate((element) => void (element.scrollLeft = element.scrollWidth));
    await expect.poll(() => frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(300);
    expect((await firstName.boundingBox())!.x).toBeCloseTo(leftBefore, 0);
    const traffic = frame.locator('tbody tr').first().locator('.counters-table__traffic');
    expect((await traffic.boundingBox())!.x + (await traffic.boundingBox())!.width).toBeLessThanOrEqual(mobile.width);
    await screenshot(page, 'counters-mobile');
    await expectNoAxeViolations(page);
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
