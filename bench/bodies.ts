/**
 * Bodies benchmark: which bodies cover a point, through the store's own `bodies.at()`, over 310
 * bodies tiling a Finland-sized box with areas of ~2,000 vertices each (bench/bodies/areas.ts).
 * Targets: p50 ≤ 1 ms and p99 ≤ 5 ms. Baseline from the same run: a bounding-box-only lookup on
 * the same index (see boxLookup), what a lookup costs before any point is tested against an area. On SQLite, then on PostgreSQL + PostGIS (BENCH_POSTGRES=0 leaves it
 * out); both must answer every point alike. `npm run bench:bodies`.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Flatbush from 'flatbush';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openStore } from '../src/server/storage';
import { bodyCount, lookupPoints, syntheticBodies } from './bodies/areas';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { createBenchDatabase, dropBenchDatabase, postgresEnabled } from './lib/postgres';
import { atMost, type BenchModule, type BenchResult } from './lib/result';
import { formatCount, quick } from './lib/settings';
import { summarize, timeMs } from './lib/stats';

const lookups = quick ? 300 : 3_000;
const warmUp = quick ? 50 : 300;

type Point = { lat: number; long: number };

/**
 * The baseline: the same lookup by boxes alone, on the same index, no area tested. PostgreSQL: `&&`
 * on the GiST index (its own connection, one round trip, as `at()` takes); SQLite: a flatbush over
 * the stored boxes, as the store's in-memory index holds them. (A plain SQL scan of SQLite's box
 * columns takes tens of milliseconds: each row's box lies past its ~64 KB of GeoJSON, in overflow pages.)
 */
async function boxLookup(env: Record<string, string>): Promise<{ lookup: (point: Point) => Promise<unknown>; close: () => Promise<void> }> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const text = 'SELECT id FROM bodies WHERE area && ST_SetSRID(ST_MakePoint($2::float8, $1::float8), 4326) ORDER BY area_m2, id';
    return {
      lookup: (point) => client.query({ name: 'box lookup', text, values: [point.lat, point.long] }),
      close: () => client.end(),
    };
  }
  const db = new Database(join(env.DATA_DIR!, 'kerro.sqlite'), { readonly: true });
  const boxes = db.prepare('SELECT id, min_long, min_lat, max_long, max_lat FROM bodies ORDER BY area_m2, id').all() as { id: string; min_long: number; min_lat: number; max_long: number; max_lat: number }[];
  db.close();
  const index = new Flatbush(boxes.length);
  for (const box of boxes) index.add(box.min_long, box.min_lat, box.max_long, box.max_lat);
  index.finish();
  return {
    lookup: async (point) => index.search(point.long, point.lat, point.long, point.lat).map((position) => boxes[position]!.id),
    close: async () => undefined,
  };
}

async function timeAll(points: readonly Point[], lookup: (point: Point) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (const point of points) samples.push(await timeMs(() => lookup(point)));
  return samples;
}

async function measure(backend: string, env: Record<string, string>, group: string, points: readonly Point[]): Promise<{ rows: BenchResult[]; answers: string[] }> {
  const config = loadConfig({ ...env, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const store = await openStore(config);
  try {
    const bodies = syntheticBodies();
    const importMs = await timeMs(() => store.bodies.importAll(bodies));
    // The first lookup reads every area (and SQLite indexes them), as a server's first report after an import does.
    const firstMs = await timeMs(() => store.bodies.at(points[0]!.lat, points[0]!.long));
    const box = await boxLookup(env);
    try {
      const at = (point: Point) => store.bodies.at(point.lat, point.long);
      for (const lookup of [at, box.lookup]) await timeAll(points.slice(0, warmUp), lookup);
      const samples = await timeAll(points, at);
      const baseline = await timeAll(points, box.lookup);
      const answers: string[] = [];
      for (const point of points) answers.push((await at(point)).map((body) => body.id).join(','));
      const found = answers.filter((answer) => answer !== '').length;
      const timed = summarize(samples);
      const boxed = summarize(baseline);
      const rows: BenchResult[] = [
        { group, name: `${backend}: import ${bodyCount} bodies (one transaction)`, value: importMs / 1000, unit: 's' },
        { group, name: `${backend}: first lookup (reads the areas)`, value: firstMs, unit: 'ms' },
        { group, name: `${backend}: bodies.at() p50`, value: timed.p50, unit: 'ms', target: atMost(1) },
        { group, name: `${backend}: bodies.at() p99`, value: timed.p99, unit: 'ms', target: atMost(5), note: `${formatCount(points.length)} points, ${formatCount(found)} inside a body` },
        // In microseconds: the in-memory box search takes a few.
        { group, name: `${backend}: box only (baseline) p50`, value: boxed.p50 * 1000, unit: 'µs' },
        { group, name: `${backend}: box only (baseline) p99`, value: boxed.p99 * 1000, unit: 'µs' },
        { group, name: `${backend}: ratio bodies.at() / box only (p50)`, value: timed.p50 / boxed.p50, unit: '×', note: `p99: ${(timed.p99 / boxed.p99).toFixed(2)}×` },
      ];
      return { rows, answers };
    } finally {
      await box.close();
    }
  } finally {
    await store.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const group = `Bodies at a point: ${bodyCount} bodies of ~2,000 vertices, ${formatCount(lookups)} random points, one at a time`;
  const points = lookupPoints(lookups);
  const databaseUrl = postgresEnabled ? await createBenchDatabase() : undefined;
  const dataDir = makeTempDir('kerro-bench-bodies-');
  try {
    const sqlite = await measure('SQLite', { DATA_DIR: dataDir }, group, points);
    const results = sqlite.rows;
    if (databaseUrl) {
      const postgres = await measure('PostgreSQL', { DATA_DIR: join(dataDir, 'pg'), DATABASE_URL: databaseUrl }, group, points);
      const differing = points.filter((_, index) => postgres.answers[index] !== sqlite.answers[index]).length;
      if (differing > 0) throw new Error(`SQLite and PostgreSQL found different bodies at ${differing} of ${points.length} points`);
      results.push(...postgres.rows);
    }
    return results;
  } finally {
    if (databaseUrl) await dropBenchDatabase(databaseUrl);
    removeTempDir(dataDir);
  }
}

export const bodiesBench: BenchModule = { title: 'Bodies (which bodies cover a point)', run };

if (isEntryPoint(import.meta.url)) await runBenches([bodiesBench]);
