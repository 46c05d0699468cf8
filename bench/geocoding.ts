/**
 * Geocoding benchmark: `GET /geocoding/v1/search` and `/reverse` over 100,000 address points
 * (bench/geocoding/data.ts) through the real app in this process (app.inject: routing, parameter
 * checks, the geocoder, the store, JSON), against the plain service-object name search
 * (`/proxy/service-objects?q=`) in the same run as the baseline. Target: search and reverse
 * p95 ≤ 20 ms. On SQLite, then on PostgreSQL + PostGIS (BENCH_POSTGRES=0 leaves it out).
 * `npm run bench:geocoding`.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openStore, type Store } from '../src/server/storage';
import { reverseQueries, searchQueries, serviceObjectQueries, syntheticRegistry, syntheticServiceObjects } from './geocoding/data';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { createBenchDatabase, dropBenchDatabase, postgresEnabled } from './lib/postgres';
import { atMost, type BenchModule, type BenchResult } from './lib/result';
import { formatCount, quick } from './lib/settings';
import { summarize, timeMs } from './lib/stats';

const pointCount = quick ? 20_000 : 100_000;
const queryCount = quick ? 200 : 1_000;
const serviceObjectCount = 2_000;
const targetMs = 20;

interface Timings {
  search: number[];
  reverse: number[];
  baseline: number[];
}

async function timeRequests(app: FastifyInstance, urls: readonly string[]): Promise<number[]> {
  const samples: number[] = [];
  for (const url of urls) {
    samples.push(
      await timeMs(async () => {
        const response = await app.inject({ method: 'GET', url });
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
      }),
    );
  }
  return samples;
}

async function measure(backend: string, env: Record<string, string>, group: string): Promise<{ rows: BenchResult[]; timings: Timings }> {
  const config = loadConfig({ ...env, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const store: Store = await openStore(config);
  try {
    const registry = syntheticRegistry(pointCount);
    const insertMs = await timeMs(() => store.addresses.replace(['bench'], registry.points));
    await store.serviceObjects.upsertMany(syntheticServiceObjects(serviceObjectCount, config.SERVICE_OBJECT_TYPE));
    const app = await buildApp({ config, store });
    try {
      // The first search builds the instance's street index from the store.
      const indexMs = await timeMs(() => app.inject({ method: 'GET', url: '/geocoding/v1/search?text=a' }));
      const search = searchQueries(registry, queryCount).map((query) => `/geocoding/v1/search?${query}`);
      const reverse = reverseQueries(registry, queryCount).map((query) => `/geocoding/v1/reverse?${query}`);
      const baseline = serviceObjectQueries(queryCount).map((query) => `/proxy/service-objects?${query}`);
      // Warm the page cache and the JIT as a running server's would be.
      for (const urls of [search, reverse, baseline]) await timeRequests(app, urls.slice(0, 100));
      const timings: Timings = {
        search: await timeRequests(app, search),
        reverse: await timeRequests(app, reverse),
        baseline: await timeRequests(app, baseline),
      };
      const rows: BenchResult[] = [
        { group, name: `${backend}: store ${formatCount(pointCount)} points (one replace)`, value: insertMs / 1000, unit: 's' },
        { group, name: `${backend}: build the street index (first search)`, value: indexMs, unit: 'ms', note: `${formatCount(registry.streets.length)} streets, ${formatCount(serviceObjectCount)} service objects` },
        ...percentiles(group, `${backend}: search`, timings.search, true),
        ...percentiles(group, `${backend}: reverse`, timings.reverse, true),
        ...percentiles(group, `${backend}: service-object search (baseline)`, timings.baseline, false),
        {
          group,
          name: `${backend}: ratio search / baseline (p50)`,
          value: summarize(timings.search).p50 / summarize(timings.baseline).p50,
          unit: '×',
          note: `reverse / baseline: ${(summarize(timings.reverse).p50 / summarize(timings.baseline).p50).toFixed(2)}×`,
        },
      ];
      return { rows, timings };
    } finally {
      await app.close();
    }
  } finally {
    await store.close();
  }
}

function percentiles(group: string, name: string, samples: number[], withTarget: boolean): BenchResult[] {
  const { p50, p95 } = summarize(samples);
  return [
    { group, name: `${name} p50`, value: p50, unit: 'ms' },
    { group, name: `${name} p95`, value: p95, unit: 'ms', ...(withTarget ? { target: atMost(targetMs) } : {}), note: `${formatCount(samples.length)} requests` },
  ];
}

export async function run(): Promise<BenchResult[]> {
  const group = `Geocoding over ${formatCount(pointCount)} address points, ${formatCount(queryCount)} queries each, app.inject`;
  const databaseUrl = postgresEnabled ? await createBenchDatabase() : undefined;
  const dataDir = makeTempDir('kerro-bench-geocoding-');
  try {
    const results = (await measure('SQLite', { DATA_DIR: dataDir }, group)).rows;
    if (databaseUrl) results.push(...(await measure('PostgreSQL', { DATA_DIR: join(dataDir, 'pg'), DATABASE_URL: databaseUrl }, group)).rows);
    return results;
  } finally {
    if (databaseUrl) await dropBenchDatabase(databaseUrl);
    removeTempDir(dataDir);
  }
}

export const geocodingBench: BenchModule = { title: 'Geocoding (Pelias search and reverse)', run };

if (isEntryPoint(import.meta.url)) await runBenches([geocodingBench]);
