/**
 * First-route JavaScript: the gzip bytes of the code each public page downloads before its first
 * paint (entry, app, the page's chunk and what they import statically, plus the texts it downloads
 * before its first render, in its one language), measured on the production build (dist/client, built if stale) the way the bundle
 * test measures it (test/helpers/built-chunks.ts). Baseline from the same run: a one-component
 * React app built by the same vite. Then the home page split by library, from a source-mapped
 * build. No browser, no server. `npm run bench:bundle`.
 */
import { join } from 'node:path';
import buildIfStale from '../test/helpers/build-for-e2e';
import { heaviestPageTexts, pageCode, readClientBuild, type ClientBuild } from '../test/helpers/built-chunks';
import { projectRoot } from '../test/helpers/project-root';
import { appOwnCode, gzipBytesByLibrary, unmapped } from './bundle/attribution';
import { buildAppWithSourceMaps, buildSmallestReactApp } from './bundle/builds';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { atMost, type BenchModule, type BenchResult } from './lib/result';

/** Issue 14: "First-route JavaScript ≤ 100 KB gzip", per page. */
const targetKib = 100;

/**
 * The public pages, the source module of each one's own chunk (as src/server/route-preloads.ts
 * lists them) and the namespaces it downloads before its first render besides the first ones
 * (`texts` in src/client/app/router.tsx).
 */
const pages = [
  ['/', 'src/client/app/routes/home.tsx', []],
  ['/report', 'src/client/app/routes/report.tsx', ['report', 'address-search']],
  ['/counters', 'src/client/app/routes/counters.tsx', ['counters-table', 'traffic']],
  ["a request's page (/requests/:id)", 'src/client/app/routes/request-track.tsx', ['requests', 'updates']],
] as const;
const homeModule = pages[0][1];
/** /report's flow (the form's steps), which the page imports as its code runs, not before its heading paints. */
const reportFlowModule = 'src/client/features/report/components/report-flow.tsx';
/** The request page's map, which the page imports after its first paint (its first tiles show before it). */
const pointMapModule = 'src/client/components/map/point-map.tsx';

const kib = (bytes: number) => bytes / 1024;
const fileCount = (files: Set<string>) => `${files.size} file${files.size === 1 ? '' : 's'}`;

function pageRows(build: ClientBuild, baselineKib: number): BenchResult[] {
  const group = `First-route JavaScript, gzip: entry + app + the page's chunk and their static imports + the texts it needs first in one language (the heaviest), dist/client`;
  const rows = pages.map(([page, module, namespaces]): BenchResult => {
    const code = pageCode(build, module);
    const texts = heaviestPageTexts(build, namespaces);
    const value = kib(build.gzipBytes([...code, ...texts]));
    return {
      group,
      name: page,
      value,
      unit: 'KiB',
      target: atMost(targetKib),
      note: `code ${kib(build.gzipBytes(code)).toFixed(1)} KiB in ${fileCount(code)} + texts ${kib(build.gzipBytes(texts)).toFixed(1)} KiB (${texts.join(', ')}); ${(value / baselineKib).toFixed(1)}× the baseline`,
    };
  });
  const withMap = build.staticClosure([...pageCode(build, pages[3][1]), build.chunkOf(pointMapModule), ...heaviestPageTexts(build, pages[3][2])]);
  const withFlow = build.staticClosure([...pageCode(build, pages[1][1]), build.chunkOf(reportFlowModule), ...heaviestPageTexts(build, pages[1][2])]);
  rows.push(
    {
      group,
      name: '/report with its flow',
      value: kib(build.gzipBytes(withFlow)),
      unit: 'KiB',
      note: 'not first-route: the heading and intro paint without the form, whose chunk the page imports as its code runs',
    },
    {
      group,
      name: "a request's page with its map",
      value: kib(build.gzipBytes(withMap)),
      unit: 'KiB',
      note: 'not first-route: the map (Leaflet) is imported after the first paint; its first tiles show before it',
    },
    {
      group,
      name: 'baseline: one-component React app',
      value: baselineKib,
      unit: 'KiB',
      note: 'createRoot(…).render(<h1>), the same vite and @vitejs/plugin-react, built in this run: the least this stack can send',
    },
  );
  return rows;
}

function libraryRows(sourceMapped: string, homeCodeKib: number): BenchResult[] {
  const group = "The first page's code (/, texts apart) by library: each library's code gzipped on its own (vite build --sourcemap)";
  const build = readClientBuild(sourceMapped);
  const byLibrary = gzipBytesByLibrary(join(sourceMapped, 'assets'), pageCode(build, homeModule));
  const order = ['react-dom + react + scheduler', 'react-router', 'i18next + react-i18next', '@tanstack/react-query', 'other libraries', appOwnCode, unmapped];
  const sum = kib([...byLibrary.values()].reduce((total, bytes) => total + bytes, 0));
  return order
    .filter((library) => byLibrary.has(library))
    .map((library, index) => ({
      group,
      name: library,
      value: kib(byLibrary.get(library)!),
      unit: 'KiB',
      note: index === 0 ? `the parts add up to ${sum.toFixed(1)} KiB against ${homeCodeKib.toFixed(1)} KiB for the page's chunks, each gzipped alone as sent` : undefined,
    }));
}

export async function run(): Promise<BenchResult[]> {
  buildIfStale();
  const build = readClientBuild(join(projectRoot, 'dist/client'));
  const temp = makeTempDir('kerro-bench-bundle-');
  try {
    const smallest = readClientBuild(buildSmallestReactApp(join(temp, 'smallest')));
    const baselineKib = kib(smallest.gzipBytes(smallest.staticClosure([smallest.entry])));
    const sourceMapped = join(temp, 'sourcemapped');
    buildAppWithSourceMaps(sourceMapped);
    return [...pageRows(build, baselineKib), ...libraryRows(sourceMapped, kib(build.gzipBytes(pageCode(build, homeModule))))];
  } finally {
    removeTempDir(temp);
  }
}

export const bundleBench: BenchModule = { title: 'First-route JavaScript (no browser)', run };

if (isEntryPoint(import.meta.url)) await runBenches([bundleBench]);
