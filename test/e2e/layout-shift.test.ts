import { describe, expect, it } from 'vitest';
import { mobile, nextFrames } from './browser-context';
import { withServerAndBrowser } from './suite-setup';

/**
 * Cumulative layout shift on a phone, the way Lighthouse counts it (shifts without recent input),
 * while each page's data arrives late: every API answer is held back, so the page's frame is
 * painted first and whatever comes later must fit into the room kept for it. Target ≤ 0.02.
 */
const CLS_BUDGET = 0.02;
const apiDelayMs = 600;

const suite = withServerAndBrowser();

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
