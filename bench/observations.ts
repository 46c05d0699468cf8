/**
 * Observations benchmark: the aggregate of one counter over a year (`period=day`, a year's
 * `start_date`/`end_date`, the endpoint's own code: filters, store query, folding hours into local
 * days, serializing) over a store holding BENCH_OBSERVATIONS rows (default 50 million: 2,000
 * counters × 2 directions × 12,500 hourly values, ~17 months). Rows are generated inside the
 * database in primary-key order (SQL, no round trips), the datetime index built afterwards, as a
 * bulk import would. Baseline from the same run: the same aggregate over one day, the fixed cost
 * of a request. Then the same on PostgreSQL. `npm run bench:observations` runs it alone.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { renderAggregate } from '../src/server/observations/aggregate';
import { parseQueryString } from '../src/server/drf/query-string';
import { openStore, type Store, type StoreConfig } from '../src/server/storage';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { createBenchDatabase, dropBenchDatabase, postgresEnabled } from './lib/postgres';
import { atMost, type BenchModule, type BenchResult } from './lib/result';
import { formatCount, quick } from './lib/settings';
import { summarize, timeMs } from './lib/stats';
import pg from 'pg';

const hoursPerSeries = 12_500;
const totalRows = Number(process.env.BENCH_OBSERVATIONS ?? (quick ? 1_000_000 : 50_000_000));
const counters = Math.max(1, Math.round(totalRows / (2 * hoursPerSeries)));
const start = Date.parse('2024-01-01T00:00:00Z');
const samples = quick ? 30 : 200;
const timeZone = 'Europe/Helsinki';

/** Series rows (counter × direction) then their values, in key order, all inside the database. */
const seriesSql = (counterSource: string) => `
  INSERT INTO observation_series (counter_id, measurement_type, measurement_type_folded, direction, vehicle_type, unit,
    phenomenon_duration_seconds, source, source_folded)
  SELECT c, 'count', 'count', d, 'bicycle', 'pcs', 3600, 'EcoCounter', 'ecocounter'
  FROM ${counterSource}, (SELECT 'in' AS d UNION ALL SELECT 'out') AS directions
  ORDER BY c, d`;
// A deterministic, hour-shaped value: no randomness, so SQLite and PostgreSQL hold the same numbers.
const valueSql = `((s.id * 7919 + h.n * 104729) % 97 + (h.n % 24) * 3)`;

function fillSqlite(file: string): number {
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  const started = performance.now();
  db.exec('DROP INDEX observations_datetime');
  db.exec(`CREATE TEMP TABLE hours (n INTEGER PRIMARY KEY); CREATE TEMP TABLE counter_ids (c INTEGER PRIMARY KEY);
    WITH RECURSIVE h(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM h WHERE n < ${hoursPerSeries - 1}) INSERT INTO hours SELECT n FROM h;
    WITH RECURSIVE k(c) AS (SELECT 1 UNION ALL SELECT c + 1 FROM k WHERE c < ${counters}) INSERT INTO counter_ids SELECT c FROM k;`);
  db.exec(seriesSql('counter_ids AS counters'));
  const insert = db.prepare(
    `INSERT INTO observations (series_id, datetime, value) SELECT s.id, ${start} + h.n * 3600000, ${valueSql}
     FROM observation_series s CROSS JOIN hours h WHERE s.id BETWEEN ? AND ? ORDER BY s.id, h.n`,
  );
  const seriesCount = counters * 2;
  for (let first = 1; first <= seriesCount; first += 200) db.transaction(() => insert.run(first, first + 199))();
  db.exec('CREATE INDEX observations_datetime ON observations (datetime)');
  db.exec('ANALYZE');
  db.close();
  return performance.now() - started;
}

async function fillPostgres(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  // Dropping the database at the end terminates this connection if a step failed: not a crash.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fillPostgresWith(client);
  } finally {
    await client.end();
  }
}

async function fillPostgresWith(client: pg.Client): Promise<number> {
  const started = performance.now();
  await client.query('SET statement_timeout = 0');
  await client.query('ALTER TABLE observations DROP CONSTRAINT observations_pkey, DROP CONSTRAINT observations_series_id_fkey');
  await client.query('DROP INDEX observations_datetime');
  await client.query(seriesSql(`generate_series(1, ${counters}) AS counters(c)`));
  await client.query(
    `INSERT INTO observations (series_id, datetime, value) SELECT s.id, ${start}::bigint + h.n::bigint * 3600000, ${valueSql}
     FROM observation_series s CROSS JOIN generate_series(0, ${hoursPerSeries - 1}) AS h(n) ORDER BY s.id, h.n`,
  );
  await client.query('ALTER TABLE observations ADD PRIMARY KEY (series_id, datetime)');
  await client.query('CREATE INDEX observations_datetime ON observations (datetime)');
  await client.query('VACUUM (ANALYZE) observations');
  return performance.now() - started;
}

/** p50/p95 of the endpoint's aggregate for random counters: a year, and one day. */
async function measure(store: Store): Promise<{ year: number[]; day: number[]; rows: number }> {
  const context = { repository: store.observations, timeZone, listUrl: 'http://bench/api/observations/aggregate/' };
  const year = [];
  const day = [];
  let rows = 0;
  let seed = 12345;
  const nextCounter = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return 1 + (seed % counters);
  };
  const query = (counter: number, from: string, to: string) =>
    parseQueryString(`counter=${counter}&period=day&measurement_type=count&start_date=${from}&end_date=${to}`);
  for (let warm = 0; warm < 5; warm += 1) await renderAggregate(query(nextCounter(), '2024-03-01', '2025-02-28'), context);
  for (let index = 0; index < samples; index += 1) {
    const counter = nextCounter();
    year.push(
      await timeMs(async () => {
        rows = ((await renderAggregate(query(counter, '2024-03-01', '2025-02-28'), context)) as { count: number }).count;
      }),
    );
    day.push(await timeMs(() => renderAggregate(query(counter, '2024-06-01', '2024-06-01'), context)));
  }
  if (rows !== 365 * 2) throw new Error(`expected 730 daily rows (365 days × 2 directions), got ${rows}`);
  return { year, day, rows };
}

function rowsOf(backend: string, fillMs: number, measured: { year: number[]; day: number[] }): BenchResult[] {
  const group = `Observations aggregate, ${backend}, ${formatCount(counters * 2 * hoursPerSeries)} stored`;
  const year = summarize(measured.year);
  const day = summarize(measured.day);
  return [
    { group, name: 'bulk fill (generate, index, analyze)', value: fillMs / 1000, unit: 's' },
    { group, name: 'one counter, a year by day: p50', value: year.p50, unit: 'ms', target: atMost(20), note: `p95 ${year.p95.toFixed(1)} ms; 730 rows from ~17,500 hourly values` },
    { group, name: 'baseline: one counter, one day: p50', value: day.p50, unit: 'ms', note: `p95 ${day.p95.toFixed(1)} ms` },
    { group, name: 'year / day', value: year.p50 / day.p50, unit: '×' },
  ];
}

const storeConfig = (dataDir: string, url?: string): StoreConfig => ({
  DATA_DIR: dataDir,
  DATABASE_URL: url,
  DATABASE_POOL_SIZE: 4,
  DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
  MEDIA_DIR: undefined,
});

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dir = makeTempDir('kerro-bench-observations-');
  try {
    const seeded = await openStore(storeConfig(dir));
    await seeded.close();
    const fillMs = fillSqlite(join(dir, 'kerro.sqlite'));
    const store = await openStore(storeConfig(dir));
    try {
      results.push(...rowsOf('SQLite', fillMs, await measure(store)));
    } finally {
      await store.close();
    }
    if (postgresEnabled) {
      const url = await createBenchDatabase();
      try {
        const migrated = await openStore(storeConfig(dir, url));
        await migrated.close();
        const pgFillMs = await fillPostgres(url);
        const pgStore = await openStore(storeConfig(dir, url));
        try {
          results.push(...rowsOf('PostgreSQL', pgFillMs, await measure(pgStore)));
        } finally {
          await pgStore.close();
        }
      } finally {
        await dropBenchDatabase(url);
      }
    }
  } finally {
    removeTempDir(dir);
  }
  return results;
}

export const observationsBench: BenchModule = { title: 'Observations (aggregate over a year)', run };

if (isEntryPoint(import.meta.url)) await runBenches([observationsBench]);
