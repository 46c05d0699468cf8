import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { makeJpeg } from '../helpers/images';
import { expectCleanRunThenClose, mobile, nextFrames, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';

/**
 * Cumulative layout shift on a phone, the way Lighthouse counts it (shifts without recent input),
 * while each page's data arrives late: every API answer is held back, so the page's frame is
 * painted first and whatever comes later must fit into the room kept for it. Target ≤ 0.02.
 */
const CLS_BUDGET = 0.02;
const apiDelayMs = 600;

const suite = withServerAndBrowser();
let photo: Buffer;

beforeAll(async () => {
  photo = await makeJpeg(1600, 1200);
});

async function layoutShiftOf(path: string): Promise<{ total: number; sources: string[] }> {
  const context = await suite.browser.newContext({ viewport: mobile, isMobile: true, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    // The map's tiles come from the Internet, which the test has not: none at all, as offline.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    await page.route(/\/(proxy|open311|api)\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, apiDelayMs));
      await route.continue();
    });
    await page.addInitScript(() => {
      type Shift = { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
      const record = { total: 0, sources: [] as string[] };
      const add = (entries: PerformanceEntryList) => {
        for (const entry of entries as unknown as Shift[]) {
          if (entry.hadRecentInput) continue;
          record.total += entry.value;
          for (const source of entry.sources) record.sources.push(`${(source.node as Element | undefined)?.className ?? '?'}: ${entry.value.toFixed(3)}`);
        }
      };
      const observer = new PerformanceObserver((list) => add(list.getEntries()));
      observer.observe({ type: 'layout-shift', buffered: true });
      // Shifts observed but not yet handed to the callback count too.
      (window as unknown as { layoutShift: () => typeof record }).layoutShift = () => (add(observer.takeRecords()), record);
    });
    await page.goto(`${suite.server.baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    // Everything has arrived; the frames drawn with it are the last that could shift.
    await nextFrames(page);
    return await page.evaluate(() => (window as unknown as { layoutShift: () => { total: number; sources: string[] } }).layoutShift());
  } finally {
    await context.close();
  }
}

describe('layout shift on a phone while the data arrives', () => {
  it.each(['/', '/report', '/counters', '/requests/{id}'])(`%s shifts ≤ ${CLS_BUDGET}`, async (path) => {
    let url = path;
    if (path === '/requests/{id}') {
      const [first] = (await (await fetch(`${suite.server.baseUrl}/open311/v1/requests.json`)).json()) as { service_request_id: string }[];
      url = `/requests/${first!.service_request_id}`;
    }
    const shift = await layoutShiftOf(url);
    expect(shift.total, `shifted: ${shift.sources.join(', ')}`).toBeLessThanOrEqual(CLS_BUDGET);
  });
});

describe('photos on a phone', () => {
  it('shows the previews as a grid of thumbnails, their places kept while they are prepared', async () => {
    const opened = await openPage(suite.browser, { viewport: mobile, locale: 'en-GB' });
    await opened.page.goto(`${suite.server.baseUrl}/report`);
    await opened.page.getByRole('heading', { level: 1 }).waitFor();
    const { page } = opened;
    await page.locator('.photo-step').scrollIntoViewIfNeeded();
    // Layout shifts from here on, as the browser measures them (CLS).
    await page.evaluate(() => {
      const shifts: { value: number; at: number }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push({ value: (entry as unknown as { value: number }).value, at: entry.startTime });
      }).observe({ type: 'layout-shift' });
    });
    await page.getByTestId('photo-input').setInputFiles(
      [1, 2, 3].map((number) => ({ name: `photo-${number}.jpg`, mimeType: 'image/jpeg', buffer: photo })),
    );
    await page.locator('.photo-list > li').first().waitFor();
    const listShown = await page.evaluate(() => performance.now());
    await expect.poll(() => page.locator('.photo-list__image').count(), { timeout: 20_000 }).toBe(3);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.photo-list__image')].every((image) => image.complete && image.naturalWidth > 0));

    // Three thumbnails side by side, not one photo per screen width.
    const boxes = await page.locator('.photo-list > li').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(3);
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
    const listWidth = (await page.locator('.photo-list').boundingBox())!.width;
    for (const box of boxes) expect(box.width).toBeLessThan(listWidth / 2.5);
    expect((await page.locator('.photo-list').boundingBox())!.height).toBeLessThan(240);

    // Once the list is there, photos arriving one by one move nothing on the page.
    const shifted = await page.evaluate(
      (since) => (window as unknown as { __shifts: { value: number; at: number }[] }).__shifts.filter((shift) => shift.at > since).reduce((sum, shift) => sum + shift.value, 0),
      listShown,
    );
    expect(shifted).toBeLessThan(0.01);

    await expectNoHorizontalScroll(page);
    await screenshot(page, 'report-mobile-photos');
    await expectNoAxeViolations(page);
    await expectCleanRunThenClose(opened);
  });
});
