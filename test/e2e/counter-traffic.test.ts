import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterFeature, CounterPageEnvelope } from '../../src/shared/counters/wire';
import type { AggregateRow } from '../../src/client/features/counters/lib/traffic-series';
import { expectCleanRunThenClose, helsinki, mobile, openPage, type OpenedPage } from './browser-context';
import { emptyOriginStorage } from './empty-origin-storage';
import { expectLaidOutAt, expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';

const desktop = { width: 1280, height: 800 };

const suite = withServerAndBrowser();
const counters: CounterFeature[] = [];
/** A located counter with demo observations, classifying (so it has counts and speeds) if one is. */
let observed: CounterFeature;

/** The first day of the shown range in Helsinki, so many days before today, as the app asks it. */
function startDate(daysBack: number): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: helsinki }).format(new Date()).split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! - daysBack)).toISOString().slice(0, 10);
}

/** The app leaves out the period in progress (this hour, today): it would plot as a drop. */
const periodEnded = (row: AggregateRow, range: 'week' | 'quarter') => Date.parse(row.startTime) + (range === 'week' ? 3_600_000 : 86_400_000) <= Date.now();

async function aggregate(counterId: number, measurementType: string, range: 'week' | 'quarter'): Promise<AggregateRow[]> {
  const query = new URLSearchParams({
    counter: String(counterId),
    period: range === 'week' ? 'hour' : 'day',
    measurement_type: measurementType,
    // The week ends with today's last full hour, the 90 days with yesterday.
    start_date: startDate(range === 'week' ? 6 : 90),
    order: 'start_time',
    page_size: '10000',
  });
  const body = (await (await fetch(`${suite.server.baseUrl}/proxy/counters-api/observations/aggregate/?${query}`)).json()) as { results: AggregateRow[] };
  return body.results.filter((row) => periodEnded(row, range));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** As the table writes an hour: weekday, day and month, time (the chart's own format, in the test's words). */
const hourly: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit' };

const located = (counter: CounterFeature) => !(counter.geometry.coordinates[0] === 0 && counter.geometry.coordinates[1] === 0);

beforeAll(async () => {
  for (let page = 1; ; page += 1) {
    const body = (await (await fetch(`${suite.server.baseUrl}/proxy/counters/?page=${page}&page_size=1000`)).json()) as CounterPageEnvelope;
    counters.push(...body.results.features);
    if (!body.next) break;
  }
  const withData: CounterFeature[] = [];
  for (const counter of counters.filter((candidate) => located(candidate) && candidate.properties.lastStoredObservation !== null)) {
    if ((await aggregate(counter.id, 'count', 'quarter')).length > 0) withData.push(counter);
    if (withData.some((found) => found.properties.classifying) || withData.length >= 12) break;
  }
  observed = withData.find((counter) => counter.properties.classifying) ?? withData[0]!;
  expect(observed).toBeDefined();
});

const typesOf = (counter: CounterFeature) => (counter.properties.classifying ? ['count', 'speed'] : ['count']);

/** The table alternative holds exactly the API's values: a row per period, a column per direction. */
async function expectTableMatchesApi(figure: Locator, rows: AggregateRow[], localeTag: string, timeFormat: Intl.DateTimeFormatOptions) {
  const times = [...new Set(rows.map((row) => Date.parse(row.startTime)))].sort((a, b) => a - b);
  const directions = [...new Set(rows.map((row) => row.direction))];
  const numbers = new Intl.NumberFormat(localeTag, { maximumFractionDigits: 1 });
  const dates = new Intl.DateTimeFormat(localeTag, { ...timeFormat, timeZone: helsinki });
  const expected = times.map((time) => [
    dates.format(time),
    ...directions.map((direction) => {
      const row = rows.find((candidate) => candidate.direction === direction && Date.parse(candidate.startTime) === time);
      return row ? numbers.format(row.aggregatedValue) : '–';
    }),
  ]);
  await figure.locator('summary').click();
  const bodyRows = figure.locator('table tbody tr');
  await expect.poll(() => bodyRows.count()).toBe(times.length);
  const shown = await bodyRows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
  expect(shown).toEqual(expected);
}

/** The chart's canvas has lines in the first direction's colour (#0b6a75) on it. */
async function expectCanvasDrawn(figure: Locator) {
  await figure.locator('.traffic-chart[data-drawn] canvas').waitFor();
  const inked = await figure.locator('.traffic-chart canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4) {
      if (Math.abs(data[index]! - 0x0b) < 24 && Math.abs(data[index + 1]! - 0x6a) < 24 && Math.abs(data[index + 2]! - 0x75) < 24 && data[index + 3]! > 200) count += 1;
    }
    return count;
  });
  expect(inked).toBeGreaterThan(200);
}

function recordChartChunk(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/traffic-plot-[^/]*\.(js|css)$/.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  return asked;
}

/**
 * The tests share one context in Helsinki time: each starts with the origin's storage emptied (no
 * language chosen), as in a fresh one, for a later navigation's cost instead of a fresh context's
 * first load. Its pages must have thrown nothing and the CSP refused nothing when the file ends.
 */
let shared: OpenedPage;
beforeAll(async () => {
  shared = await openPage(suite.browser, { viewport: desktop, timezoneId: helsinki });
});
afterAll(async () => {
  if (shared) await expectCleanRunThenClose(shared);
});

/** The shared page at that size and in that language (picked in the app, as a person does), storage emptied. */
async function freshPage(viewport: { width: number; height: number }, language?: 'fi' | 'sv'): Promise<Page> {
  const { page } = shared;
  await emptyOriginStorage(page, suite.server.baseUrl);
  if (language) await page.evaluate((chosen) => localStorage.setItem('kerro.language', chosen), language);
  await page.setViewportSize(viewport);
  return page;
}

const mapHref = (counter: CounterFeature) =>
  `/?counters=1&lat=${counter.geometry.coordinates[1]}&long=${counter.geometry.coordinates[0]}&zoom=16&counter=${counter.id}`;

describe('counter traffic chart in Chromium', () => {
  it('the map panel opens the chart on request: canvas drawn, table equal to the API, CSV of the shown series, uPlot loaded only then', async () => {
    const page = await freshPage(desktop);
    const chunkRequests = recordChartChunk(page);
    await page.goto(`${suite.server.baseUrl}${mapHref(observed)}`);
    const panel = page.getByRole('complementary', { name: 'Details' });
    await panel.getByRole('heading', { name: observed.properties.name }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(chunkRequests).toEqual([]);

    const toggle = panel.getByRole('button', { name: 'Show traffic' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await panel.getByRole('button', { name: 'Hide traffic' }).getAttribute('aria-expanded')).toBe('true');
    const types = typesOf(observed);
    const figures = panel.locator('figure.traffic-figure');
    await expect.poll(() => figures.count(), { timeout: 15_000 }).toBe(types.length);
    expect(chunkRequests.some((url) => url.endsWith('.js'))).toBe(true);

    const countFigure = panel.locator('figure[data-measurement-type="count"]');
    expect(await countFigure.locator('figcaption').textContent()).toBe(
      `Traffic count at ${observed.properties.name}, last 7 days, hourly (counted/h), by direction. The same values are in the table below.`,
    );
    await expectCanvasDrawn(countFigure);
    const weekRows = await aggregate(observed.id, 'count', 'week');
    expect(weekRows.length).toBeGreaterThan(0);
    await expectTableMatchesApi(countFigure, weekRows, 'en-GB', hourly);
    if (types.includes('speed')) {
      const speedFigure = panel.locator('figure[data-measurement-type="speed"]');
      await expectCanvasDrawn(speedFigure);
      await expectTableMatchesApi(speedFigure, await aggregate(observed.id, 'speed', 'week'), 'en-GB', hourly);
    }
    await countFigure.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    // English at a phone's size: the layout (its axe pass is the one above), then back.
    await expectLaidOutAt(page, mobile, countFigure.locator('canvas'));
    await page.setViewportSize(desktop);

    // The CSV: the shown series as the API gave them, every type in turn.
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`counter-${observed.id}-last-7-days-hourly.csv`);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('counterId,period,measurementType,startTime,direction,unit,aggregatedValue');
    const expectedLines: string[] = [];
    for (const type of types) {
      for (const row of await aggregate(observed.id, type, 'week')) {
        expectedLines.push([row.counterId, row.period, type, row.startTime, row.direction, row.unit, row.aggregatedValue].join(','));
      }
    }
    expect(lines.slice(1)).toEqual(expectedLines);

    // The 90 days, day by day.
    await panel.getByRole('radio', { name: 'Last 90 days, daily (up to yesterday)' }).check();
    await countFigure.locator('figcaption', { hasText: 'the 90 days up to yesterday, daily (counted/day)' }).waitFor();
    await expectCanvasDrawn(countFigure);
    await expectTableMatchesApi(countFigure, await aggregate(observed.id, 'count', 'quarter'), 'en-GB', { dateStyle: 'medium' });
  });

  // English is the first test's (axe on a desktop, the layout on a phone).
  it.each([
    ['fi', 'Näytä liikenne', 'Näytä taulukkona'],
    ['sv', 'Visa trafik', 'Visa som tabell'],
  ] as const)('in %s the open chart and its table have no axe violations, and a phone scrolls nothing sideways', async (language, show, asTable) => {
    const page = await freshPage(mobile, language);
    await page.goto(`${suite.server.baseUrl}${mapHref(observed)}`);
    const toggle = page.getByRole('button', { name: show });
    await toggle.waitFor({ timeout: 30_000 });
    await toggle.click();
    const figure = page.locator('figure[data-measurement-type="count"]');
    await figure.locator('.traffic-chart[data-drawn] canvas').waitFor({ timeout: 15_000 });
    await figure.getByText(asTable).click();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  it('the /counters table opens a counter’s traffic below it, says when a counter has no counts, and fits a phone', async () => {
    // One load on a phone (axe there), then the open traffic widened to a desktop.
    const page = await freshPage(mobile);
    const chunkRequests = recordChartChunk(page);
    await page.goto(`${suite.server.baseUrl}/counters`);
    await page.getByRole('searchbox').fill(observed.properties.name);
    const row = page.locator(`tr[data-counter-id="${observed.id}"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(chunkRequests).toEqual([]);
    // The row's name is a visually hidden block after the words, so it reads "Show traffic : name".
    await row.getByRole('button', { name: new RegExp(`^Show traffic\\s*: ${escapeRegExp(observed.properties.name)}$`) }).click();
    const section = page.getByRole('region', { name: `Traffic: ${observed.properties.name}` });
    await section.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    const figure = section.locator('figure[data-measurement-type="count"]');
    await expectCanvasDrawn(figure);
    await expectTableMatchesApi(figure, await aggregate(observed.id, 'count', 'week'), 'en-GB', hourly);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await expectLaidOutAt(page, desktop, figure.locator('canvas'));

    // Closing hands focus back to the row's button.
    await section.getByRole('button', { name: 'Close traffic' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('counters-table__traffic'))).toBe(true);
  });

  it('a counter that never delivered counts says so, and one whose counts stopped before the period says when, with no empty chart', async () => {
    const page = await freshPage(desktop);
    const never = counters.find((counter) => counter.properties.lastStoredObservation === null)!;
    // A demo counter that stopped delivering days ago: nothing in the last 7 days.
    const quiet = counters.find((counter) => !counter.properties.dataReceived && counter.properties.lastStoredObservation !== null)!;
    expect(await aggregate(quiet.id, 'count', 'week')).toEqual([]);
    for (const [counter, text] of [
      [never, 'This counter has not delivered any counts.'],
      [quiet, 'No counts in this period: the latest is from'],
    ] as const) {
      await page.goto(`${suite.server.baseUrl}/counters`);
      await page.getByRole('searchbox').fill(counter.properties.name || String(counter.id));
      const row = page.locator(`tr[data-counter-id="${counter.id}"]`);
      await row.waitFor({ timeout: 30_000 });
      await row.getByRole('button', { name: /^Show traffic/ }).click();
      await page.getByText(text).waitFor();
      expect(await page.locator('.traffic-chart').count()).toBe(0);
    }
  });
});
