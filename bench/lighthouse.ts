/**
 * Lighthouse benchmark: what a phone sees. The npm `lighthouse` package drives Debian's Chromium
 * (headless, its default mobile settings: a mid-range phone, slow 4G, 4× CPU slowdown) over the
 * real server with the demo data, on `/`, `/report`, `/counters` and one request's page. Printed
 * per page: the performance, accessibility and best-practices scores, FCP, LCP, CLS, TBT and the
 * bytes sent, and where the main thread's time went (Lighthouse's mainthread-work-breakdown and
 * bootup-time). Baselines, from the same run and browser: a bare page of a few hundred bytes from
 * a plain node:http server, the best any page can score on this machine, and a one-component React
 * app (bench/bundle/builds.ts), the least a page of this stack can cost.
 * `npm run bench:lighthouse` runs it alone (it is not part of `npm run bench`).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import buildIfStale from '../test/helpers/build-for-e2e';
import { makeTempDir, removeTempDir, trackChild, untrackChild } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { atLeast, atMost, type BenchModule, type BenchResult } from './lib/result';
import { startBarePage } from './lib/bare-page';
import { buildSmallestReactApp } from './bundle/builds';
import { startStaticDir } from './lib/static-dir';
import { startLocalTiles, type LocalTiles } from './lib/local-tiles';
import { startDemoServer, type RunningServer } from './lib/servers';
import { quick } from './lib/settings';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const categories = ['performance', 'accessibility', 'best-practices'] as const;
// Scores from one run vary by ±10 on a busy machine: the median run of several is printed.
const runsPerPage = quick ? 1 : 3;
// BENCH_LIGHTHOUSE_PAGES=/report,/counters audits only those pages (`/requests/{id}` names the request page).
const pageFilter = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim()).filter(Boolean);

/** The targets for every page of the app. */
const targets = {
  performance: atLeast(95),
  accessibility: atLeast(100),
  'best-practices': atLeast(100),
  cls: atMost(0.02),
};

interface PageFigures {
  scores: Record<(typeof categories)[number], number>;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  bytes: number;
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string;
  /** The performance score of every run; the figures are the median run's. */
  performanceRuns: number[];
  /** Every run's LCP and TBT (ms), in run order: the spread a change must beat. */
  lcpRuns: number[];
  tbtRuns: number[];
  /** Main-thread time by kind of work, and the scripts that took most of it (ms): where TBT comes from. */
  mainThread: string;
  mainThreadMs: number;
  bootup: string;
  /** Audits that failed, per category, by id (console errors with their first text): what to fix. */
  failed: Record<'accessibility' | 'best-practices', string[]>;
}

/** One Lighthouse run; a trace that failed to record (NO_NAVSTART, now and then in headless Chromium) is run again. */
async function lighthouseReport(url: string, port: number, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: [...categories] });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt >= attempts) throw new Error(`lighthouse failed on ${url} ${attempts} times: ${error.message}`);
    console.log(`(lighthouse on ${url}: ${error.code}, running it again)`);
  }
}

async function audit(url: string, port: number): Promise<PageFigures> {
  const lhr = await lighthouseReport(url, port);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const describe = (id: string) => {
    const items = (lhr.audits[id]?.details as { items?: { description?: string; url?: string }[] } | undefined)?.items ?? [];
    const first = items[0];
    return first ? `${id} (${items.length}: ${(first.description ?? first.url ?? '').slice(0, 90)})` : id;
  };
  const failedIn = (category: string) =>
    (lhr.categories[category]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => describe(ref.id));
  const failed = { accessibility: failedIn('accessibility'), 'best-practices': failedIn('best-practices') };
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices') },
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
    failed,
    performanceRuns: [score('performance')],
    lcpRuns: [numeric('largest-contentful-paint')],
    tbtRuns: [numeric('total-blocking-time')],
    lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
    mainThread: mainThreadOf(lhr.audits['mainthread-work-breakdown']?.details),
    mainThreadMs: numeric('mainthread-work-breakdown'),
    bootup: bootupOf(lhr.audits['bootup-time']?.details),
  };
}

type TableItems<T> = { items?: T[] } | undefined;

/** mainthread-work-breakdown: each kind of work and its time (ms), largest first. */
function mainThreadOf(details: unknown): string {
  const items = (details as TableItems<{ groupLabel?: string; duration?: number }>)?.items ?? [];
  return items.map((item) => `${item.groupLabel ?? '?'} ${Math.round(item.duration ?? 0)}`).join(', ');
}

/** bootup-time: the scripts with the most main-thread time (total, of which script evaluation), by file name. */
function bootupOf(details: unknown): string {
  const items = (details as TableItems<{ url?: string; total?: number; scripting?: number }>)?.items ?? [];
  return items
    .slice(0, 5)
    .map((item) => `${(item.url ?? '?').split('/').pop()} ${Math.round(item.total ?? 0)} (script ${Math.round(item.scripting ?? 0)})`)
    .join(', ');
}

/** The LCP element's selector and the start of its HTML, from the audit's nested table. */
function lcpElementOf(details: unknown): string {
  const tables = (details as { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] } | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? ''} ${(node.snippet ?? '').slice(0, 60)}` : 'unknown';
}

/** The run with the median performance score, as Lighthouse's docs advise for comparing pages. */
function medianOf(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)]!,
    performanceRuns: runs.map((run) => run.scores.performance),
    lcpRuns: runs.map((run) => run.lcpMs),
    tbtRuns: runs.map((run) => run.tbtMs),
  };
}

async function medianAudit(url: string, port: number): Promise<PageFigures> {
  const runs: PageFigures[] = [];
  for (let run = 0; run < runsPerPage; run += 1) runs.push(await audit(url, port));
  return medianOf(runs);
}

const msList = (values: number[]) => values.map((value) => Math.round(value)).join(', ');
const failing = (audits: string[]) => (audits.length > 0 ? { note: `failing: ${audits.join('; ')}` } : {});

function rows(group: string, figures: PageFigures, withTargets: boolean): BenchResult[] {
  const target = <T>(value: T) => (withTargets ? { target: value } : {});
  return [
    {
      group,
      name: 'performance',
      value: figures.scores.performance,
      unit: 'score',
      ...target(targets.performance),
      note: `median of ${figures.performanceRuns.length} runs: ${figures.performanceRuns.join(', ')}; the other figures are that run's`,
    },
    { group, name: 'accessibility', value: figures.scores.accessibility, unit: 'score', ...target(targets.accessibility), ...failing(figures.failed.accessibility) },
    { group, name: 'best practices', value: figures.scores['best-practices'], unit: 'score', ...target(targets['best-practices']), ...failing(figures.failed['best-practices']) },
    { group, name: 'FCP', value: figures.fcpMs, unit: 'ms' },
    { group, name: 'LCP', value: figures.lcpMs, unit: 'ms', note: `runs: ${msList(figures.lcpRuns)}; element: ${figures.lcpElement}` },
    { group, name: 'CLS', value: figures.cls, unit: '', ...target(targets.cls) },
    { group, name: 'TBT', value: figures.tbtMs, unit: 'ms', note: `runs: ${msList(figures.tbtRuns)}` },
    { group, name: 'main-thread work', value: figures.mainThreadMs, unit: 'ms', note: `by kind (ms): ${figures.mainThread}; by script: ${figures.bootup}` },
    { group, name: 'bytes transferred', value: figures.bytes / 1024, unit: 'KiB' },
  ];
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
  const dataDir = makeTempDir('kerro-bench-lighthouse-');
  const reactDir = makeTempDir('kerro-bench-lighthouse-react-');
  let server: RunningServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let tiles: LocalTiles | undefined;
  const bare = await startBarePage();
  const react = await startStaticDir(buildSmallestReactApp(reactDir));
  try {
    server = await startDemoServer(dataDir);
    // The map's tiles from this process (lib/local-tiles.ts): the bench must not need the internet.
    tiles = await startLocalTiles();
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', ...tiles.chromeFlags] });
    trackChild(chrome.pid);
    const results = rows('Baseline: a bare page (the best this machine scores)', await medianAudit(bare.url, chrome.port), false);
    results.push(...rows('Baseline: a one-component React app (the least a page of this stack costs)', await medianAudit(react.url, chrome.port), false));
    const pages = ['/', '/report', '/counters', '/requests/{id}'].filter((label) => !pageFilter || pageFilter.includes(label));
    if (pages.length === 0) throw new Error(`BENCH_LIGHTHOUSE_PAGES names none of /, /report, /counters, /requests/{id}: ${process.env.BENCH_LIGHTHOUSE_PAGES}`);
    for (const label of pages) {
      const path = label === '/requests/{id}' ? await requestPagePath(server.origin) : label;
      results.push(...rows(`Lighthouse mobile: ${label}`, await medianAudit(`${server.origin}${path}`, chrome.port), true));
    }
    return results;
  } finally {
    if (chrome) {
      chrome.kill();
      untrackChild(chrome.pid);
    }
    await server?.child.stop();
    await tiles?.stop();
    await new Promise((resolve) => bare.server.close(resolve));
    await new Promise((resolve) => react.server.close(resolve));
    removeTempDir(dataDir);
    removeTempDir(reactDir);
  }
}

export const lighthouseBench: BenchModule = { title: 'Lighthouse (mobile) on the demo server', run };

if (isEntryPoint(import.meta.url)) await runBenches([lighthouseBench]);
