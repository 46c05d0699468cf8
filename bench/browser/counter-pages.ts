import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { percentile } from '../lib/stats';
import type { CounterLoaderBench } from './counter-loader-entry';

const entry = fileURLToPath(new URL('./counter-loader-entry.ts', import.meta.url));

/** counter-loader-entry.ts as one browser script (the app's own modules, production build of its deps). */
export async function bundleCounterLoader(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'error',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['iife'], name: 'kerroCounterLoaderBundle', fileName: () => 'counter-loader.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('bundling the counter loader produced no script');
  return chunk.code;
}

export interface CounterLoadFigures {
  allMs: number;
  oneMs: number;
  /** Of those, first request sent to last byte received. */
  allHttpMs: number;
  oneHttpMs: number;
  /** HTTP requests the loader made for every counter. */
  allRequests: number;
  /** Median of the per-round ratios (each round times both, back to back). */
  ratio: number;
  /** Every round's figures, in order. */
  allRuns: number[];
  oneRuns: number[];
  counters: number;
  onePageCounters: number;
  rounds: number;
}

/**
 * Times the app's loader for every counter against one page, in the page the map runs in, alone
 * on the wire (the map has finished loading). Rounds alternate which one goes first, so a slow
 * moment is shared out; the ratio is taken per round.
 */
export async function timeCounterLoads(page: Page, loaderScript: string, rounds: number): Promise<CounterLoadFigures> {
  // Through the DevTools protocol like runAxe: the app's CSP rightly refuses inline <script>.
  await page.evaluate(loaderScript);
  const timeIt = (which: 'all' | 'one') =>
    page.evaluate(async (kind) => {
      const loader = (globalThis as unknown as { kerroCounterBench: CounterLoaderBench }).kerroCounterBench;
      performance.clearResourceTimings();
      const started = performance.now();
      const count = await (kind === 'all' ? loader.loadAll() : loader.loadOne());
      const ms = performance.now() - started;
      // The HTTP part: first request sent to last byte received (the rest is the page's own work).
      const requests = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/proxy/counters/'));
      const httpMs = Math.max(...requests.map((entry) => (entry as PerformanceResourceTiming).responseEnd)) - Math.min(...requests.map((entry) => entry.startTime));
      return { ms, httpMs, count, requests: requests.length };
    }, which);

  // One warm-up of each: connections opened, the bundle's code compiled.
  await timeIt('all');
  await timeIt('one');
  const all: number[] = [];
  const one: number[] = [];
  const allHttp: number[] = [];
  const oneHttp: number[] = [];
  let allRequests = 0;
  const ratios: number[] = [];
  let counters = 0;
  let onePageCounters = 0;
  for (let round = 0; round < rounds; round += 1) {
    const order: ('all' | 'one')[] = round % 2 === 0 ? ['all', 'one'] : ['one', 'all'];
    const figures: Record<string, number> = {};
    for (const kind of order) {
      const { ms, httpMs, count, requests } = await timeIt(kind);
      figures[kind] = ms;
      if (kind === 'all') {
        counters = count;
        allRequests = requests;
        allHttp.push(httpMs);
      } else {
        onePageCounters = count;
        oneHttp.push(httpMs);
      }
    }
    all.push(figures.all!);
    one.push(figures.one!);
    ratios.push(figures.all! / figures.one!);
  }
  return {
    allMs: percentile(all, 50),
    oneMs: percentile(one, 50),
    allHttpMs: percentile(allHttp, 50),
    oneHttpMs: percentile(oneHttp, 50),
    allRequests,
    ratio: percentile(ratios, 50),
    allRuns: all,
    oneRuns: one,
    counters,
    onePageCounters,
    rounds,
  };
}
