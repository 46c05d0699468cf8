import type { Compilable, ExpressionBuilder } from 'kysely';
import { areaBounds, indexArea, inOrderOf, withinDistance } from '../counter-geometry';
import { decodeCounter, encodeCounter, foldSource, sameCounterContent } from '../counter-rows';
import { boundingBox } from '../geo';
import { compiledQueries } from './compiled';
import type { Engine, Db } from './engine';
import type { Tables } from './tables';
import type { CounterFilter, CounterRecord, CounterRepository, CounterRevision, StoredCounter, UpsertSummary } from '../repositories/types';

const columns = [
  'id',
  'name',
  'source',
  'source_id',
  'classifying',
  'crs_epsg',
  'municipality_code',
  'data_received',
  'first_stored_observation',
  'last_stored_observation',
  'longitude',
  'latitude',
  'revision',
] as const;

/** Rows per statement: under both engines' bound-parameter limits (SQLite 32,766; PostgreSQL 65,535). */
const chunkSize = 1_000;

type Near = NonNullable<CounterFilter['near']>;

/** PostGIS refuses a NaN or negative tolerance: the box alone narrows those. */
const hasCircle = (near: Near) => Number.isFinite(near.distanceKm) && near.distanceKm >= 0;

/** A filter's values in the order `matching` takes them, and the key of the query text they fit (compiled.ts). */
function filterValues(filter: CounterFilter): { shape: string; values: unknown[] } {
  const values: unknown[] = [];
  const shape: string[] = [];
  if (filter.source !== undefined) {
    values.push(foldSource(filter.source));
    shape.push('source');
  }
  if (filter.municipalityCodes !== undefined) {
    values.push(...filter.municipalityCodes);
    shape.push(`municipalities ${filter.municipalityCodes.length}`);
  }
  if (filter.near !== undefined) {
    const { latitude, longitude, distanceKm } = filter.near;
    if (hasCircle(filter.near)) values.push(latitude, longitude, distanceKm * 1000);
    const box = boundingBox(latitude, longitude, distanceKm);
    values.push(box.minLatitude, box.maxLatitude);
    if (box.longitudes) values.push(box.longitudes.min, box.longitudes.max);
    shape.push(`near${hasCircle(filter.near) ? ' circle' : ''}${box.longitudes ? ' longitudes' : ''}`);
  }
  return { shape: shape.join(','), values };
}

export function createCounterRepository(engine: Engine): CounterRepository {
  const { db } = engine;
  const run = compiledQueries();
  const versionQuery = db.selectFrom('counter_dataset').select('version').where('id', '=', 1).compile();

  /** The indexed parts of a filter, its values taken from `values` (filterValues); the exact distance is checked in code (counter-geometry.ts). */
  const matching = (filter: CounterFilter, values: readonly unknown[]) => (eb: ExpressionBuilder<Tables, 'counters'>) => {
    let next = 0;
    const value = () => values[next++] as number & string;
    const conditions = [];
    if (filter.source !== undefined) conditions.push(eb('source_folded', '=', value()));
    if (filter.municipalityCodes !== undefined) {
      conditions.push(filter.municipalityCodes.length === 0 ? eb.lit(false) : eb('municipality_code', 'in', filter.municipalityCodes.map(value)));
    }
    if (filter.near !== undefined) {
      if (hasCircle(filter.near)) {
        // SQLite has no such index and leaves the three values unused.
        const circle = engine.nearLocation({ lat: value(), long: value(), radiusMeters: value() });
        if (circle) conditions.push(circle);
      }
      conditions.push(eb.between('latitude', value(), value()));
      if (next < values.length) conditions.push(eb.between('longitude', value(), value()));
    }
    return eb.and(conditions);
  };

  /**
   * The counters, narrowed by the filter's conditions when it has any (its shape names each one,
   * filterValues): an empty WHERE (`1 = 1`) would cost SQLite its fast COUNT(*), which then reads
   * every row (26 µs against 4 for 2,000).
   */
  const counters = (filter: CounterFilter, shape: string, values: readonly unknown[]) => {
    const all = db.selectFrom('counters');
    return shape === '' ? all : all.where(matching(filter, values));
  };

  /** Rows of the counters matching the filter, the query compiled once per filter shape. */
  const select = async <Row>(filter: CounterFilter, kind: string, build: (matched: ReturnType<typeof counters>) => Compilable<Row>) => {
    const { shape, values } = filterValues(filter);
    return run<Row>(db, `${kind}:${shape}`, values, (given) => build(counters(filter, shape, given)));
  };

  /** Ids and revisions within the exact distance, in the filter's order (the SQL only narrows the scan). */
  const nearRevisions = async (filter: CounterFilter & { near: Near }): Promise<CounterRevision[]> => {
    const rows = await select(filter, 'near revisions', (matched) => matched.select(['id', 'revision', 'latitude', 'longitude']));
    return withinDistance(rows, filter.near).map(({ id, revision }) => ({ id, revision }));
  };

  /** Whole rows within the exact distance, in the filter's order: one query for a distance page. */
  const nearRows = async (filter: CounterFilter & { near: Near }): Promise<StoredCounter[]> => {
    const rows = await select(filter, 'near rows', (matched) => matched.select(columns));
    return withinDistance(rows, filter.near).map(decodeCounter);
  };

  const findMany = async (ids: readonly number[]): Promise<StoredCounter[]> => {
    const found: StoredCounter[] = [];
    // Chunks keep the statement shapes few and under any bound-parameter limit.
    for (let start = 0; start < ids.length; start += 100) {
      const chunk = ids.slice(start, start + 100);
      const rows = await run(db, `ids ${chunk.length}`, chunk, (given) => db.selectFrom('counters').select(columns).where('id', 'in', given as number[]));
      found.push(...rows.map(decodeCounter));
    }
    return found.sort((a, b) => a.id - b.id);
  };

  const listRevisions = async (filter: CounterFilter, offset: number, limit: number): Promise<CounterRevision[]> => {
    if (filter.near) return (await nearRevisions({ ...filter, near: filter.near })).slice(offset, offset + limit);
    const { shape, values } = filterValues(filter);
    // Read as arrays: every uncached page asks, and better-sqlite3 builds an object per row slower than this map does.
    const query = run.compiled(`revisions:${shape}`, [...values, limit, offset], (given) =>
      counters(filter, shape, given)
        .select(['id', 'revision'])
        .orderBy('id')
        .limit(given[given.length - 2] as number)
        .offset(given[given.length - 1] as number),
    );
    return (await engine.arrays<[number, number]>(query)).map(([id, revision]) => ({ id, revision }));
  };

  /** Stored versions of the records' ids, read inside the write. */
  const existingOf = async (trx: Db, records: readonly CounterRecord[]): Promise<Map<number, CounterRecord>> => {
    const existing = new Map<number, CounterRecord>();
    const ids = [...new Set(records.map((record) => record.id))];
    for (let start = 0; start < ids.length; start += chunkSize) {
      const rows = await trx.selectFrom('counters').select(columns).where('id', 'in', ids.slice(start, start + chunkSize)).execute();
      for (const row of rows) existing.set(row.id, decodeCounter(row));
    }
    return existing;
  };

  return {
    async countMatching(filter) {
      if (filter.near) return (await nearRevisions({ ...filter, near: filter.near })).length;
      const [row] = await select(filter, 'count', (matched) => matched.select((eb) => eb.fn.countAll<number>().as('n')));
      return Number(row!.n);
    },
    async listMatching(filter, offset, limit) {
      if (filter.near) return (await nearRows({ ...filter, near: filter.near })).slice(offset, offset + limit);
      const entries = await listRevisions(filter, offset, limit);
      return inOrderOf(entries, await findMany(entries.map((entry) => entry.id)));
    },
    listRevisions,
    async find(id) {
      const [row] = await run(db, 'one', [id], (given) => db.selectFrom('counters').select(columns).where('id', '=', given[0] as number));
      return row ? decodeCounter(row) : undefined;
    },
    findMany,
    async count() {
      const row = await db.selectFrom('counters').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async listWithin(area) {
      // The box narrows; the exact test (strictly inside, as ST_Within on plane coordinates) is in code on both engines.
      const box = areaBounds(area);
      const rows = await db
        .selectFrom('counters')
        .select(columns)
        .where((eb) => eb.and([eb.between('latitude', box.minLatitude, box.maxLatitude), eb.between('longitude', box.minLongitude, box.maxLongitude)]))
        .orderBy('id')
        .execute();
      const inside = indexArea(area);
      return rows.filter((row) => inside(row.longitude, row.latitude)).map(decodeCounter);
    },
    async upsertMany(records) {
      return engine.write(async (trx) => {
        // Concurrent imports take turns: each reads the version, and the existing rows, only
        // after the previous import committed.
        const dataset = await engine.forUpdate(trx.selectFrom('counter_dataset').select('version').where('id', '=', 1)).executeTakeFirstOrThrow();
        const version = Number(dataset.version) + 1;
        const current = await existingOf(trx, records);
        // Decided one record at a time (an id given twice compares with its earlier version),
        // then written as one upsert of each changed id's last version.
        const summary: UpsertSummary = { inserted: 0, updated: 0, unchanged: 0 };
        const changed = new Map<number, CounterRecord>();
        for (const record of records) {
          const stored = current.get(record.id);
          if (stored && sameCounterContent(stored, record)) {
            summary.unchanged += 1;
            continue;
          }
          summary[stored ? 'updated' : 'inserted'] += 1;
          current.set(record.id, record);
          changed.set(record.id, record);
        }
        const rows = [...changed.values()].map((record) => encodeCounter(record, version));
        for (let start = 0; start < rows.length; start += chunkSize) {
          await trx
            .insertInto('counters')
            .values(rows.slice(start, start + chunkSize))
            .onConflict((conflict) =>
              conflict.column('id').doUpdateSet((eb) => ({
                name: eb.ref('excluded.name'),
                source: eb.ref('excluded.source'),
                source_folded: eb.ref('excluded.source_folded'),
                source_id: eb.ref('excluded.source_id'),
                classifying: eb.ref('excluded.classifying'),
                crs_epsg: eb.ref('excluded.crs_epsg'),
                municipality_code: eb.ref('excluded.municipality_code'),
                data_received: eb.ref('excluded.data_received'),
                first_stored_observation: eb.ref('excluded.first_stored_observation'),
                last_stored_observation: eb.ref('excluded.last_stored_observation'),
                longitude: eb.ref('excluded.longitude'),
                latitude: eb.ref('excluded.latitude'),
                revision: eb.ref('excluded.revision'),
              })),
            )
            .execute();
        }
        if (changed.size > 0) await trx.updateTable('counter_dataset').set({ version }).where('id', '=', 1).execute();
        return summary;
      });
    },
    // Asked on every counter page, cached ones too: read as an array outside Kysely's driver, whose
    // turn-taking and promise chain cost more than SQLite's answer (engine.arrays says when it waits).
    async datasetVersion() {
      const [row] = await engine.arrays<[number | string]>(versionQuery);
      return Number(row![0]);
    },
  };
}
