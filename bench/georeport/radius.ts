/**
 * Radius search over 1,000,000 stored requests: the repository query the listing runs for
 * lat/long/radius, timed directly for ~200 centres, with the plain newest-200 listing timed in
 * the same run as the baseline. Then the same through HTTP (cache misses: every centre differs).
 * Both on SQLite and on PostgreSQL + PostGIS (the same million requests, same seed and clock, put
 * in with createMany in the same batches, then VACUUM (ANALYZE) so that autovacuum does not run
 * in the middle of the timings; the same centres), one backend after the other.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, removeTempDir } from '../lib/cleanup';
import { createBenchDatabase, dropBenchDatabase, postgresEnabled, settleBenchDatabase } from '../lib/postgres';
import { atMost, type BenchResult } from '../lib/result';
import { formatCount, quick } from '../lib/settings';
import { summarize, timeMs } from '../lib/stats';
import type { ServiceRequestQuery, ServiceRequestRepository } from '../../src/server/storage/repositories/types';
import { fillStore, type FilledStore } from './fill-store';
import { startKerroServer, type RunningServer } from './servers';

const storedRequests = quick ? 100_000 : 1_000_000;
const batchSize = 50_000;
const centreCount = quick ? 50 : 200;
const day = 24 * 60 * 60 * 1000;

type Centre = { lat: number; long: number };

interface RepositoryTimings {
  radius500: Timings;
  plain: Timings;
  radius2000: Timings;
}

export async function runRadiusBench(): Promise<BenchResult[]> {
  const group = `Radius search, ${formatCount(storedRequests)} published requests, ${centreCount} centres, limit 200`;
  // First: without PostgreSQL the bench stops here, saying what to install, before any filling.
  const databaseUrl = postgresEnabled ? await createBenchDatabase() : undefined;
  const dataDir = makeTempDir('kerro-bench-radius-');
  let server: RunningServer | undefined;
  try {
    const now = Date.now();
    const fillOptions = { seed: 1_000, now, batchSize };
    const store = await fillStore(dataDir, storedRequests, fillOptions);
    const centres: Centre[] = Array.from({ length: centreCount }, store.source.point);
    const results: BenchResult[] = [insertRow(group, 'SQLite', store)];
    const sqlite = await timeRepository(store.repositories.serviceRequests, centres, now);
    await store.close();

    let postgres: RepositoryTimings | undefined;
    if (databaseUrl) {
      const pgStore = await fillStore(dataDir, storedRequests, { ...fillOptions, databaseUrl });
      const settleMs = await settleBenchDatabase(databaseUrl);
      const row = insertRow(group, 'PostgreSQL', pgStore);
      results.push({ ...row, note: `${row.note}; then VACUUM (ANALYZE) ${(settleMs / 1000).toFixed(1)} s, as autovacuum would` });
      postgres = await timeRepository(pgStore.repositories.serviceRequests, centres, now);
      await pgStore.close();
    }

    for (const [backend, timings] of [['SQLite', sqlite], ['PostgreSQL', postgres]] as const) {
      if (!timings) continue;
      results.push(
        ...percentileRows(group, `${backend}: radius 500 m, repository query`, timings.radius500, atMost(5)),
        ...percentileRows(group, `${backend}: plain newest 200 (baseline)`, timings.plain),
        { group, name: `${backend}: ratio radius 500 m / plain (p50)`, value: timings.radius500.p50 / timings.plain.p50, unit: '×' },
        ...percentileRows(group, `${backend}: radius 2000 m, repository query`, timings.radius2000),
      );
    }
    if (postgres) {
      results.push({
        group,
        name: 'ratio PostgreSQL / SQLite, radius 500 m (p50)',
        value: postgres.radius500.p50 / sqlite.radius500.p50,
        unit: '×',
        note: `p95: ${(postgres.radius500.p95 / sqlite.radius500.p95).toFixed(2)}×`,
      });
    }

    const backends: [string, string | undefined][] = [['SQLite', undefined]];
    if (databaseUrl) backends.push(['PostgreSQL', databaseUrl]);
    for (const [backend, url] of backends) {
      const serverDir = join(dataDir, `server-${backend.toLowerCase()}`);
      if (url) mkdirSync(serverDir);
      server = await startKerroServer(url ? serverDir : dataDir, url);
      const listing = `${server.origin}/open311/v1/requests.json?extensions=true`;
      await fetchListing(`${listing}&lat=${centres[0]!.lat}&long=${centres[0]!.long}&radius=500`);
      const http500 = await timeFetches(centres.map((centre) => `${listing}&lat=${centre.lat}&long=${centre.long}&radius=500`));
      const httpPlain = await timeFetches(centres.map((_, index) => `${listing}&_=${index}`));
      await server.child.stop();
      server = undefined;
      results.push(
        ...percentileRows(group, `${backend}: radius 500 m over HTTP (uncached)`, http500),
        ...percentileRows(group, `${backend}: plain newest 200 over HTTP (uncached)`, httpPlain),
      );
    }
    return results;
  } finally {
    await server?.child.stop();
    if (databaseUrl) await dropBenchDatabase(databaseUrl);
    removeTempDir(dataDir);
  }
}

function insertRow(group: string, backend: string, store: FilledStore): BenchResult {
  return {
    group,
    name: `${backend}: insert ${formatCount(storedRequests)} (${formatCount(batchSize)} per transaction)`,
    value: store.insertMs / 1000,
    unit: 's',
    note: `${formatCount(Math.round(storedRequests / (store.insertMs / 1000)))} rows/s; generating them took ${(store.generateMs / 1000).toFixed(1)} s more`,
  };
}

/** The radius queries for every centre, the plain listing as often, and a wider radius, one after another. */
async function timeRepository(requests: ServiceRequestRepository, centres: Centre[], now: number): Promise<RepositoryTimings> {
  const base: ServiceRequestQuery = { moderation: ['published'], limit: 200, requestedFrom: now - 90 * day };
  const near = (centre: Centre, radiusMeters: number): ServiceRequestQuery => ({ ...base, near: { ...centre, radiusMeters } });

  // Warm the database's page cache and V8's JIT the way a running server's would be.
  for (const centre of centres.slice(0, 20)) await requests.query(near(centre, 500));
  await requests.query(base);

  return {
    radius500: await timeQueries(requests, centres.map((centre) => near(centre, 500))),
    plain: await timeQueries(requests, centres.map(() => base)),
    radius2000: await timeQueries(requests, centres.map((centre) => near(centre, 2000))),
  };
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
