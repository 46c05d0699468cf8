import type { ExpressionBuilder } from 'kysely';
import { areaBounds, inOrderOf, insideArea, withinDistance } from '../counter-geometry';
import { decodeCounter, encodeCounter, foldSource, sameCounterContent } from '../counter-rows';
import { boundingBox } from '../geo';
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

export function createCounterRepository(engine: Engine): CounterRepository {
  const { db } = engine;

  /** The indexed parts of a filter; the exact distance is checked in code (counter-geometry.ts). */
  const matching = (filter: CounterFilter) => (eb: ExpressionBuilder<Tables, 'counters'>) => {
    const conditions = [];
    if (filter.source !== undefined) conditions.push(eb('source_folded', '=', foldSource(filter.source)));
    if (filter.municipalityCodes !== undefined) {
      conditions.push(filter.municipalityCodes.length === 0 ? eb.lit(false) : eb('municipality_code', 'in', filter.municipalityCodes));
    }
    if (filter.near !== undefined) {
      const { latitude, longitude, distanceKm } = filter.near;
      // PostGIS refuses a NaN or negative tolerance: the box alone narrows those.
      const near = Number.isFinite(distanceKm) && distanceKm >= 0 ? engine.nearLocation({ lat: latitude, long: longitude, radiusMeters: distanceKm * 1000 }) : undefined;
      if (near) conditions.push(near);
      const box = boundingBox(latitude, longitude, distanceKm);
      conditions.push(eb.between('latitude', box.minLatitude, box.maxLatitude));
      if (box.longitudes) conditions.push(eb.between('longitude', box.longitudes.min, box.longitudes.max));
    }
    return eb.and(conditions);
  };

  /** Ids and revisions within the exact distance, in the filter's order (the SQL only narrows the scan). */
  const nearRevisions = async (filter: CounterFilter & { near: Near }): Promise<CounterRevision[]> => {
    const rows = await db.selectFrom('counters').select(['id', 'revision', 'latitude', 'longitude']).where(matching(filter)).execute();
    return withinDistance(rows, filter.near).map(({ id, revision }) => ({ id, revision }));
  };

  /** Whole rows within the exact distance, in the filter's order: one query for a distance page. */
  const nearRows = async (filter: CounterFilter & { near: Near }): Promise<StoredCounter[]> => {
    const rows = await db.selectFrom('counters').select(columns).where(matching(filter)).execute();
    return withinDistance(rows, filter.near).map(decodeCounter);
  };

  const findMany = async (ids: readonly number[]): Promise<StoredCounter[]> => {
    const found: StoredCounter[] = [];
    // Chunks keep the statement shapes few and under any bound-parameter limit.
    for (let start = 0; start < ids.length; start += 100) {
      const rows = await db.selectFrom('counters').select(columns).where('id', 'in', ids.slice(start, start + 100)).execute();
      found.push(...rows.map(decodeCounter));
    }
    return found.sort((a, b) => a.id - b.id);
  };

  const listRevisions = async (filter: CounterFilter, offset: number, limit: number): Promise<CounterRevision[]> => {
    if (filter.near) return (await nearRevisions({ ...filter, near: filter.near })).slice(offset, offset + limit);
    return db.selectFrom('counters').select(['id', 'revision']).where(matching(filter)).orderBy('id').limit(limit).offset(offset).execute();
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
      const row = await db.selectFrom('counters').select((eb) => eb.fn.countAll<number>().as('n')).where(matching(filter)).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async listMatching(filter, offset, limit) {
      if (filter.near) return (await nearRows({ ...filter, near: filter.near })).slice(offset, offset + limit);
      const entries = await listRevisions(filter, offset, limit);
      return inOrderOf(entries, await findMany(entries.map((entry) => entry.id)));
    },
    listRevisions,
    async find(id) {
      const row = await db.selectFrom('counters').select(columns).where('id', '=', id).executeTakeFirst();
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
      return rows.filter((row) => insideArea(row.longitude, row.latitude, area)).map(decodeCounter);
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
    async datasetVersion() {
      const row = await db.selectFrom('counter_dataset').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
      return Number(row.version);
    },
  };
}
