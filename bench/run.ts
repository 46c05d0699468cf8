/**
 * `npm run bench`: every benchmark, one after another (never in parallel: they would share the
 * CPUs they measure). To add one, export a BenchModule from bench/<name>.ts and list it here.
 * The GeoReport and counters benches share one throwaway PostgreSQL server for their PostgreSQL
 * rows (bench/lib/postgres.ts), stopped when the last bench is done.
 */
import { assetsBench } from './assets';
import { bodiesBench } from './bodies';
import { exportsBench } from './exports';
import { browserBench } from './browser';
import { bundleBench } from './bundle';
import { countersBench } from './counters';
import { georeportBench } from './georeport';
import { runBenches } from './lib/entry';
import type { BenchModule } from './lib/result';
import { loadMixBench } from './load-mix';
import { observationsBench } from './observations';
import { photoMemoryBench } from './photo-memory';
import { proxyBench } from './proxy';

// The bundle bench first: it takes seconds and builds dist/client if stale, as the browser bench needs.
const benches: BenchModule[] = [bundleBench, georeportBench, countersBench, proxyBench, observationsBench, bodiesBench, assetsBench, exportsBench, loadMixBench, browserBench, photoMemoryBench];

await runBenches(benches);
