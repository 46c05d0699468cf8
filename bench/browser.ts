/**
 * Browser benchmark: the public map in Debian's Chromium (headless, 1280×800) over the real
 * server with 10,000 published requests and the 2,000 demo counters. Time to first render of
 * the map layers and the requests the map sends for every counter (how many, compressed or not,
 * against the whole list in one answer), frames per second while panning at three zoom levels,
 * the app's loader for every counter page against one page (the proxy's counter cache off, so
 * the pages cost real work), and the report form's photo resize. `npm run bench:browser` runs it
 * alone; bench/run.ts runs it with the others.
 */
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { COUNTER_PAGE_SIZE } from '../src/client/features/counters/api/use-all-counters';
import { launchBrowser } from '../test/helpers/browser';
import buildIfStale from '../test/helpers/build-for-e2e';
import { timeCounterFloor } from './browser/counter-floor';
import { bundleCounterLoader, timeCounterLoads } from './browser/counter-pages';
import { counterRequestRows, fetchWholeCounterList, watchCounterRequests, type CounterRequestFigures } from './browser/counter-requests';
import { loadMap, mapUrl, openMapContext, viewport, views, type FirstRender, type MapPage, type MapView } from './browser/map-page';
import { idleFrames, panFor, type PanFigures } from './browser/panning';
import { timePhotoResize, type ResizeFigures } from './browser/photo-resize';
import { fillBrowserStore } from './browser/store';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { atLeast, atMost, type BenchModule, type BenchResult } from './lib/result';
import { startDemoServer, type RunningServer } from './lib/servers';
import { formatCount, quick } from './lib/settings';
import { percentile } from './lib/stats';

const storedRequests = quick ? 2_000 : 10_000;
const loadRuns = 3;
const panSeconds = quick ? 2 : 5;
// More rounds than the other figures: each takes a tenth of a second, and a busy machine makes single rounds vary twofold.
const counterRounds = quick ? 3 : 11;
const fpsTarget = 50;
const counterRatioTarget = 1.5;
const resizeRuns = quick ? 2 : 5;
const resizeTargetMs = 1500;

const progressText = (run: FirstRender) => `${formatCount(run.counterProgress.loaded)} of ${formatCount(run.counterProgress.total)}`;
const median = (runs: FirstRender[], pick: (run: FirstRender) => number) => percentile(runs.map(pick), 50);
const oneMinuteLoad = () => loadavg()[0]!;
const roundsNote = (values: number[]) => `rounds: ${values.map((value) => value.toFixed(0)).join(', ')} ms`;

function firstRenderRows(group: string, runs: FirstRender[]): BenchResult[] {
  const last = runs.at(-1)!;
  const each = (pick: (run: FirstRender) => number) => `runs: ${runs.map((run) => Math.round(pick(run))).join(', ')} ms`;
  const row = (name: string, pick: (run: FirstRender) => number, note?: string): BenchResult => ({
    group,
    name,
    value: median(runs, pick),
    unit: 'ms',
    note: [each(pick), note].filter(Boolean).join('; '),
  });
  return [
    row('first request markers in the DOM', (run) => run.firstRequestMarkerMs, 'the first answer of 200, drawn'),
    row('counters: every page loaded and drawn', (run) => run.countersDrawnMs, `progress says ${progressText(last)}`),
    row(
      'requests: every answer loaded (count shown)',
      (run) => run.requestsLoadedMs,
      `the page states ${formatCount(last.requestCount)} of the ${formatCount(storedRequests)} in the window`,
    ),
    row('everything loaded', (run) => run.everythingMs),
  ];
}

function panRows(group: string, view: MapView, pan: PanFigures): BenchResult[] {
  const label = `${view.name} (zoom ${view.zoom})`;
  return [
    {
      group,
      name: `${label}: average fps`,
      value: pan.fps,
      unit: 'fps',
      target: atLeast(fpsTarget),
      note: `${pan.drags} drags in ${(pan.elapsedMs / 1000).toFixed(1)} s; ${pan.markers} markers/bubbles in the DOM`,
    },
    {
      group,
      name: `${label}: worst frame`,
      value: pan.worstFrameMs,
      unit: 'ms',
      note: `${pan.longFrames} of ${pan.frames} frames over 25 ms`,
    },
  ];
}

function resizeRows(figures: ResizeFigures): BenchResult[] {
  const group = `Photo resize in the report form: a 12-megapixel JPEG (4000×3000, ${(figures.photoBytes / 1024 / 1024).toFixed(1)} MB) to ≤ 2048 px; median of ${resizeRuns}`;
  return [
    {
      group,
      name: 'resize (decode upright, scale, encode)',
      value: figures.resizeMs,
      unit: 'ms',
      target: atMost(resizeTargetMs),
      note: `the app's own timing; out ${figures.output.width}×${figures.output.height}; ${roundsNote(figures.resizeRuns)}`,
    },
    { group, name: 'decode alone (baseline)', value: figures.decodeMs, unit: 'ms', note: `createImageBitmap of the same file; ${roundsNote(figures.decodeRuns)}` },
    { group, name: 'ratio resize / decode', value: figures.resizeMs / figures.decodeMs, unit: '×', note: 'what scaling and encoding add to the decode' },
  ];
}

async function measure(browser: Browser, server: RunningServer, loaderScript: string): Promise<BenchResult[]> {
  const renderGroup = `Map first render: ${formatCount(storedRequests)} published requests + 2,000 counters, 90-day window, counters layer on, ${views.city.name}; median of ${loadRuns} loads, each in a fresh browser context`;
  const panGroup = `Panning with everything loaded: mouse drags at 600 px/s for ≥ ${panSeconds} s per zoom level, frames counted with requestAnimationFrame`;
  const requestsGroup = `Counters on the map: the home page's requests for every counter (counters layer on, ${views.city.name}), in each of the ${loadRuns} loads above`;
  const counterGroup = `Counters: the app's loader for every page (page_size=1000, page 2 sent with page 1) against one page, in the map page, proxy cache off; median of ${counterRounds} rounds`;

  const renders: FirstRender[] = [];
  const counterRequests: CounterRequestFigures[] = [];
  let mapPage: MapPage | undefined;
  const errors: string[] = [];
  try {
    for (let run = 0; run < loadRuns; run += 1) {
      if (mapPage) {
        errors.push(...mapPage.errors);
        await mapPage.context.close();
      }
      mapPage = await openMapContext(browser);
      const countRequests = watchCounterRequests(mapPage.page);
      renders.push(await loadMap(mapPage, mapUrl(server.origin, views.city)));
      counterRequests.push(await countRequests());
    }
    const page = mapPage!.page;

    const idle = await idleFrames(page, 1);
    const results: BenchResult[] = [
      ...firstRenderRows(renderGroup, renders),
      ...counterRequestRows(requestsGroup, counterRequests, progressText(renders.at(-1)!), await fetchWholeCounterList(server.origin)),
      {
        group: panGroup,
        name: 'idle, no input (the ceiling)',
        value: idle.fps,
        unit: 'fps',
        note: `worst frame ${idle.worstFrameMs.toFixed(0)} ms`,
      },
    ];
    for (const view of [views.city, views.centre, views.district]) {
      // A new view opens as a link to it would: the layers load again, then the panning starts.
      if (view !== views.city) await loadMap(mapPage!, mapUrl(server.origin, view));
      results.push(...panRows(panGroup, view, await panFor(page, panSeconds)));
    }

    const counters = await timeCounterLoads(page, loaderScript, counterRounds);
    const floor = await timeCounterFloor(browser, await counterPageBodies(server.origin, counters.allRequests), counterRounds);
    results.push(
      {
        group: counterGroup,
        name: 'every page (the map\'s loader)',
        value: counters.allMs,
        unit: 'ms',
        note: `${formatCount(counters.counters)} counters in ${counters.allRequests} requests; HTTP ${counters.allHttpMs.toFixed(0)} ms of it; ${roundsNote(counters.allRuns)}`,
      },
      {
        group: counterGroup,
        name: 'one page',
        value: counters.oneMs,
        unit: 'ms',
        note: `${formatCount(counters.onePageCounters)} counters; HTTP ${counters.oneHttpMs.toFixed(0)} ms of it; ${roundsNote(counters.oneRuns)}`,
      },
      {
        group: counterGroup,
        name: 'ratio every page / one page',
        value: counters.ratio,
        unit: '×',
        target: atMost(counterRatioTarget),
        note: `median of the per-round ratios (ratio of the medians: ${(counters.allMs / counters.oneMs).toFixed(2)}); the floor below is what the browser alone costs`,
      },
      {
        group: counterGroup,
        name: 'floor: same bytes, bare server, no app',
        value: floor.ratio,
        unit: '×',
        note: `the ${floor.pages} pages' bytes from a node:http server doing no work, fetch + JSON.parse only: ${floor.allMs.toFixed(1)} ms against ${floor.oneMs.toFixed(1)} ms`,
      },
    );
    results.push(...resizeRows(await timePhotoResize(browser, server.origin, resizeRuns)));
    errors.push(...mapPage!.errors);
    if (errors.length > 0) throw new Error(`the page threw: ${[...new Set(errors)].join(' | ')}`);
    return results;
  } finally {
    await mapPage?.context.close();
  }
}

/** The bytes of every counter page at the loader's page size, as the proxy sends them. */
async function counterPageBodies(origin: string, pages: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: pages }, async (_, index) => {
      const response = await fetch(`${origin}/proxy/counters/?page=${index + 1}&page_size=${COUNTER_PAGE_SIZE}`);
      if (!response.ok) throw new Error(`counter page ${index + 1}: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    }),
  );
}

export async function run(): Promise<BenchResult[]> {
  const loadAtStart = oneMinuteLoad();
  buildIfStale();
  const dataDir = makeTempDir('kerro-bench-browser-');
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    await fillBrowserStore(dataDir, storedRequests);
    // No counter cache: every page the browser asks for is made and sent through the proxy anew.
    server = await startDemoServer(dataDir, { COUNTERS_CACHE_SECONDS: '0' });
    const loaderScript = await bundleCounterLoader();
    browser = await launchBrowser();
    console.log(`Chromium ${browser.version()} (headless, ${viewport.width}×${viewport.height}); map tiles answered locally`);
    const results = await measure(browser, server, loaderScript);
    const loadGroup = 'Machine load (1-minute load average; the figures above share the cores with it)';
    results.push(
      { group: loadGroup, name: 'at the start', value: loadAtStart, unit: '' },
      { group: loadGroup, name: 'at the end', value: oneMinuteLoad(), unit: '' },
    );
    return results;
  } finally {
    await browser?.close();
    await server?.child.stop();
    removeTempDir(dataDir);
  }
}

export const browserBench: BenchModule = { title: 'Public map in Chromium', run };

if (isEntryPoint(import.meta.url)) await runBenches([browserBench]);
