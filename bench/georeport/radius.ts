/**
 * Radius search over 1,000,000 stored requests: the repository query the listing runs for
 * lat/long/radius, timed directly for ~200 centres, with the plain newest-200 listing timed in
 * the same run as the baseline. Then the same through HTTP (cache misses: every centre differs).
 */
import { makeTempDir, removeTempDir } from '../lib/cleanup';
import { atMost, type BenchResult } from '../lib/result';
import { formatCount, quick } from '../lib/settings';
import { summarize, timeMs } from '../lib/stats';
import type { ServiceRequestQuery, ServiceRequestRepository } from '../../src/server/storage/repositories/types';
import { fillStore } from './fill-store';
import { startKerroServer, type RunningServer } from './servers';

const storedRequests = quick ? 100_000 : 1_000_000;
const batchSize = 50_000;
const centreCount = quick ? 50 : 200;
const day = 24 * 60 * 60 * 1000;

type Centre = { lat: number; long: number };

export async function runRadiusBench(): Promise<BenchResult[]> {
  const group = `Radius search, ${formatCount(storedRequests)} published requests, ${centreCount} centres, limit 200`;
  const dataDir = makeTempDir('kerro-bench-radius-');
  let server: RunningServer | undefined;
  try {
    const now = Date.now();
    const store = await fillStore(dataDir, storedRequests, { seed: 1_000, now, batchSize });
    const centres: Centre[] = Array.from({ length: centreCount }, store.source.point);
    const results: BenchResult[] = [
      {
        group,
        name: `insert ${formatCount(storedRequests)} (${formatCount(batchSize)} per transaction)`,
        value: store.insertMs / 1000,
        unit: 's',
        note: `${formatCount(Math.round(storedRequests / (store.insertMs / 1000)))} rows/s; generating them took ${(store.generateMs / 1000).toFixed(1)} s more`,
      },
    ];

    const requests = store.repositories.serviceRequests;
    const base: ServiceRequestQuery = { moderation: ['published'], limit: 200, requestedFrom: now - 90 * day };
    const near = (centre: Centre, radiusMeters: number): ServiceRequestQuery => ({ ...base, near: { ...centre, radiusMeters } });

    // Warm SQLite's page cache and V8's JIT the way a running server's would be.
    for (const centre of centres.slice(0, 20)) await requests.query(near(centre, 500));
    await requests.query(base);

    const radius500 = await timeQueries(requests, centres.map((centre) => near(centre, 500)));
    const plain = await timeQueries(requests, centres.map(() => base));
    const radius2000 = await timeQueries(requests, centres.map((centre) => near(centre, 2000)));
    await store.close();

    results.push(
      ...percentileRows(group, 'radius 500 m, repository query', radius500, atMost(5)),
      ...percentileRows(group, 'plain newest 200 (baseline)', plain),
      { group, name: 'ratio radius 500 m / plain (p50)', value: radius500.p50 / plain.p50, unit: '×' },
      ...percentileRows(group, 'radius 2000 m, repository query', radius2000),
    );

    server = await startKerroServer(dataDir);
    const origin = server.origin;
    const listing = `${origin}/open311/v1/requests.json?extensions=true`;
    await fetchListing(`${listing}&lat=${centres[0]!.lat}&long=${centres[0]!.long}&radius=500`);
    const http500 = await timeFetches(centres.map((centre) => `${listing}&lat=${centre.lat}&long=${centre.long}&radius=500`));
    const httpPlain = await timeFetches(centres.map((_, index) => `${listing}&_=${index}`));
    results.push(
      ...percentileRows(group, 'radius 500 m over HTTP (uncached)', http500),
      ...percentileRows(group, 'plain newest 200 over HTTP (uncached)', httpPlain),
    );
    return results;
  } finally {
    await server?.child.stop();
    removeTempDir(dataDir);
  }
}

interface Timings {
  p50: number;
  p95: number;
  p99: number;
  meanCount: number;
}

async function timeQueries(requests: ServiceRequestRepository, queries: ServiceRequestQuery[]): Promise<Timings> {
  const samples: number[] = [];
  let found = 0;
  for (const query of queries) {
    samples.push(await timeMs(async () => (found += (await requests.query(query)).length)));
  }
  return { ...summarize(samples), meanCount: found / queries.length };
}

/** The whole answer's bytes; parsing them is the client's cost, so it stays outside the timing. */
async function fetchListing(url: string): Promise<string> {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text}`);
  return text;
}

async function timeFetches(urls: string[]): Promise<Timings> {
  const samples: number[] = [];
  let found = 0;
  for (const url of urls) {
    let text = '';
    samples.push(await timeMs(async () => (text = await fetchListing(url))));
    found += (JSON.parse(text) as unknown[]).length;
  }
  return { ...summarize(samples), meanCount: found / urls.length };
}

function percentileRows(group: string, label: string, timings: Timings, p50Target?: BenchResult['target']): BenchResult[] {
  return [
    { group, name: `${label}: p50`, value: timings.p50, unit: 'ms', target: p50Target, note: `${timings.meanCount.toFixed(0)} results on average` },
    { group, name: `${label}: p95`, value: timings.p95, unit: 'ms' },
    { group, name: `${label}: p99`, value: timings.p99, unit: 'ms' },
  ];
}
