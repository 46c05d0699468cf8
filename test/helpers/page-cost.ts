import type { Page } from 'playwright-core';

/**
 * What one first load of a page costs the browser, from a Chromium trace of that load (no
 * throttling): the CPU time of the renderer's main thread, and the script bytes fetched before
 * the first paint. The page comes in whatever context the caller opened (its size, language,
 * routes); a fresh context is a first visit, its HTTP and code caches empty.
 */
export interface PageCost {
  /**
   * The CPU time (thread time, `tdur`, not wall time: where a crowded two-core machine more than
   * doubled the wall time, it moved this 10-20 %) of the top-level tasks on the page's renderer
   * main thread (`CrRendererMain`), from the navigation until the page is usable: its load event,
   * its main content shown, the network quiet (Playwright's `networkidle`: 500 ms without a request).
   */
  mainThreadCpuMs: number;
  /**
   * The scripts the page asked for before its first contentful paint (the frame, src/client/boot.ts):
   * the entry script, the app's chunks it preloads and its first texts. What a phone downloads
   * before and while it paints: `transferBytes` as the server sent them (compressed, headers not
   * counted), `decodedBytes` as the browser parses them.
   */
  scripts: { transferBytes: number; decodedBytes: number; files: string[] };
}

/** Trace categories: the tasks with their thread time and the browser's commit (the DevTools timeline's), the page's mark, the thread names. */
const traceCategories = ['toplevel', 'disabled-by-default-devtools.timeline', 'devtools.timeline', 'blink.user_timing', 'loading', '__metadata'];

/** The mark the page is given once it is usable: the tasks counted start before it. */
const usableMark = 'page-cost:usable';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; processId?: number } };
}

/**
 * Loads `url` in `page` under a trace and measures it; `mainContent` resolves once the page shows
 * what it is for (e.g. its table's first row). Traces are browser-wide: one measurement at a time
 * per browser.
 */
export async function measureFirstLoad(page: Page, url: string, mainContent: (page: Page) => Promise<void>): Promise<PageCost> {
  const browser = page.context().browser();
  if (!browser) throw new Error('measureFirstLoad needs a page of a launched browser (tracing is the browser’s)');
  await browser.startTracing(page, { categories: traceCategories });
  let trace: Buffer | undefined;
  try {
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
    await mainContent(page);
    await page.waitForLoadState('networkidle');
    await page.evaluate((mark) => void performance.mark(mark), usableMark);
    const scripts = await page.evaluate(scriptsBeforeFirstPaint);
    trace = await browser.stopTracing();
    // The document's own URL (after any redirect), as the browser committed it; the app may have changed the address bar since.
    return { mainThreadCpuMs: mainThreadCpuMs(JSON.parse(trace.toString('utf8')).traceEvents as TraceEvent[], response.url()), scripts };
  } finally {
    if (!trace) await browser.stopTracing().catch(() => undefined);
  }
}

/** In the page: the `.js` files requested before its first contentful paint, with their bytes. */
function scriptsBeforeFirstPaint(): PageCost['scripts'] {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  if (!paint) throw new Error('the page has no first-contentful-paint entry');
  const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
    (entry) => new URL(entry.name).pathname.endsWith('.js') && entry.startTime < paint.startTime,
  );
  return {
    transferBytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    decodedBytes: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    files: scripts.map((entry) => new URL(entry.name).pathname),
  };
}

/**
 * The thread time of the top-level tasks (`RunTask`; one inside another counted once) on the main
 * thread of the renderer process the browser committed `url` to, up to the usable mark. The page
 * sat blank and idle while tracing started, so everything that thread ran is this load's work. The
 * process is the browser's word (`FrameCommittedInBrowser`): the renderer's own `navigationStart`
 * goes missing when the load lands in a process started just before the trace.
 */
export function mainThreadCpuMs(events: readonly TraceEvent[], url: string): number {
  const committed = events.filter((event) => event.name === 'FrameCommittedInBrowser' && event.args?.data?.url === url);
  if (committed.length !== 1) {
    const seen = events.filter((event) => event.name === 'FrameCommittedInBrowser').map((event) => event.args?.data?.url);
    throw new Error(`the trace should commit ${url} once; it commits ${seen.join(', ') || 'nothing'}`);
  }
  const pid = committed[0]!.args!.data!.processId;
  const mainThread = events.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.pid === pid && event.args?.name === 'CrRendererMain');
  if (!mainThread) throw new Error(`the trace has no CrRendererMain thread in process ${pid}, where ${url} was committed`);
  const onMainThread = (event: TraceEvent) => event.pid === pid && event.tid === mainThread.tid;
  const end = events.find((event) => event.name === usableMark && onMainThread(event));
  if (!end) throw new Error(`the trace has no ${usableMark} mark on the main thread of the renderer of ${url}`);

  const tasks = events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && onMainThread(event) && event.ts < end.ts).sort((a, b) => a.ts - b.ts);
  let topLevelEnd = -Infinity;
  let cpuMicroseconds = 0;
  for (const task of tasks) {
    if (task.ts < topLevelEnd) continue;
    topLevelEnd = task.ts + (task.dur ?? 0);
    // A task of a few microseconds may come without a thread time: too short for the thread clock.
    cpuMicroseconds += task.tdur ?? 0;
  }
  return cpuMicroseconds / 1000;
}
