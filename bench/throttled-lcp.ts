/**
 * The largest contentful paint as Chromium itself reports it under a phone's throttling (slow 4G
 * and a 4× slower CPU, applied by DevTools as Lighthouse's "devtools" throttling does), rather than
 * estimated from an unthrottled trace as Lighthouse's default simulation does. For changes to what
 * a page's largest paint waits for (code split off, preloads), whose effect the simulation can hide.
 * Each run opens the page in a fresh context and waits for its content; printed: LCP and FCP of the
 * median run, every run's LCP, and the LCP element, for `/`, `/report`, `/counters` and one request's
 * page. Map tiles come from a local stand-in (lib/local-tiles.ts). `npm run bench:throttled-lcp`.
 */
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/helpers/browser';
import buildIfStale from '../test/helpers/build-for-e2e';
import { startBarePage } from './lib/bare-page';
import { startLocalTiles, type LocalTiles } from './lib/local-tiles';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import type { BenchModule, BenchResult } from './lib/result';
import { startDemoServer, type RunningServer } from './lib/servers';
import { quick } from './lib/settings';

const runsPerPage = quick ? 1 : 5;
const baselineGroup = 'Baseline: a bare page from node:http, same throttling';
// Lighthouse's mobile preset for DevTools throttling (slow 4G: 150 ms RTT × 3.75, 1.6 Mbit/s × 0.9).
const network = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (607.5 * 1024) / 8 };
const cpuSlowdown = 4;
/**
 * The pages measured and what shows that each has its content (the LCP is read once it is there):
 * the maps' first Leaflet tile, /report's problem types, /counters' first row.
 */
const pages: Record<string, string> = {
  '/': '.public-map__leaflet .leaflet-tile-loaded',
  '/report': '.type-option',
  '/counters': 'table tbody tr',
  '/requests/{id}': '.point-map__leaflet .leaflet-tile-loaded',
};
// BENCH_LCP_PAGES=/,/report limits the pages (names as in `pages`).
const pageFilter = process.env.BENCH_LCP_PAGES?.split(',').map((page) => page.trim()).filter(Boolean);

interface Paints {
  lcpMs: number;
  fcpMs: number;
  element: string;
}

async function paintsOf(page: Page): Promise<Paints> {
  return page.evaluate(
    () =>
      new Promise<Paints>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as unknown as { startTime: number; element?: Element | null; url?: string }[];
          const last = entries[entries.length - 1]!;
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          // A map preview's tile is gone from the page once Leaflet's covers it: its element is null then.
          const element = last.element ? `${last.element.tagName.toLowerCase()}.${last.element.className}` : 'an element since removed';
          resolve({ lcpMs: last.startTime, fcpMs: fcp, element: last.url ? `${element} (${last.url.split('/').slice(-3).join('/')})` : element });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

async function oneRun(browser: Awaited<ReturnType<typeof launchBrowser>>, url: string, ready: string): Promise<Paints> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.emulateNetworkConditions', network);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    return await paintsOf(page);
  } finally {
    await context.close();
  }
}

/** One published request's page, found through the public API. */
async function requestPagePath(origin: string): Promise<string> {
  const response = await fetch(`${origin}/open311/v1/requests.json`);
  const [first] = (await response.json()) as { service_request_id: string }[];
  if (!first) throw new Error('the demo data has no published request');
  return `/requests/${encodeURIComponent(first.service_request_id)}`;
}

async function run(): Promise<BenchResult[]> {
  buildIfStale();
  const dataDir = makeTempDir('kerro-bench-throttled-lcp-');
  let server: RunningServer | undefined;
  // The map's tiles from this process, each of a real tile's weight, through the same throttled line.
  const tiles: LocalTiles = await startLocalTiles();
  const browser = await launchBrowser(tiles.chromeFlags);
  const barePage = await startBarePage();
  try {
    server = await startDemoServer(dataDir);
    const medianRun = async (url: string, ready: string) => {
      const runs: Paints[] = [];
      for (let index = 0; index < runsPerPage; index += 1) runs.push(await oneRun(browser, url, ready));
      const median = [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor((runs.length - 1) / 2)]!;
      return { median, note: `median of ${runs.length}: ${runs.map((one) => Math.round(one.lcpMs)).join(', ')}; element ${median.element}` };
    };
    // The baseline, same browser and throttling: a bare page's text, the least any page waits for.
    const bare = await medianRun(barePage.url, 'h1');
    const results: BenchResult[] = [
      { group: baselineGroup, name: 'LCP', value: bare.median.lcpMs, unit: 'ms', note: bare.note },
    ];
    for (const [label, ready] of Object.entries(pages).filter(([label]) => !pageFilter || pageFilter.includes(label))) {
      const path = label === '/requests/{id}' ? await requestPagePath(server.origin) : label;
      const { median, note } = await medianRun(`${server.origin}${path}`, ready);
      const group = `DevTools-throttled phone (slow 4G, CPU ×${cpuSlowdown}): ${label}`;
      results.push(
        { group, name: 'LCP', value: median.lcpMs, unit: 'ms', note },
        { group, name: 'FCP', value: median.fcpMs, unit: 'ms', note: "the median LCP run's" },
        { group, name: 'ratio LCP / bare page', value: median.lcpMs / bare.median.lcpMs, unit: '×' },
      );
    }
    return results;
  } finally {
    await new Promise((resolve) => barePage.server.close(resolve));
    await browser.close();
    await server?.child.stop();
    await tiles.stop();
    removeTempDir(dataDir);
  }
}

export const throttledLcpBench: BenchModule = { title: 'Largest contentful paint in throttled Chromium', run };

if (isEntryPoint(import.meta.url)) await runBenches([throttledLcpBench]);
