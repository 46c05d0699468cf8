/**
 * GeoReport benchmark: the public listing over HTTP against a bare node:http baseline, and the
 * radius search over a million stored requests against the plain listing. `npm run bench:georeport`
 * runs it alone; bench/run.ts runs it with the others.
 */
import { isEntryPoint, runBenches } from './lib/entry';
import type { BenchModule, BenchResult } from './lib/result';
import { runListingBench } from './georeport/listing';
import { runRadiusBench } from './georeport/radius';

/** BENCH_GEOREPORT=listing or =radius runs that part alone (the radius part fills a million rows). */
const only = process.env.BENCH_GEOREPORT;

export async function run(): Promise<BenchResult[]> {
  if (only !== undefined && only !== 'listing' && only !== 'radius') throw new Error(`BENCH_GEOREPORT is listing or radius, not ${only}`);
  return [...(only === 'radius' ? [] : await runListingBench()), ...(only === 'listing' ? [] : await runRadiusBench())];
}

export const georeportBench: BenchModule = { title: 'GeoReport v2 service', run };

if (isEntryPoint(import.meta.url)) await runBenches([georeportBench]);
