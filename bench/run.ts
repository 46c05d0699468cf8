/**
 * `npm run bench`: every benchmark, one after another (never in parallel: they would share the
 * CPUs they measure). To add one, export a BenchModule from bench/<name>.ts and list it here.
 */
import { georeportBench } from './georeport';
import { runBenches } from './lib/entry';
import type { BenchModule } from './lib/result';

const benches: BenchModule[] = [georeportBench];

await runBenches(benches);
