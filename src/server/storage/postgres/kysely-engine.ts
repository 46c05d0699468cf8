import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { coalescedRead } from '../kysely/coalesced-read';
import { nulFree, unavailableOr, type PostgresDatabase } from './database';
import type { Engine } from '../kysely/engine';
import { areaColumn, postgresBodiesAt } from './body-areas';
import { postgresRequestsNear } from './radius-search';
import type { Tables } from '../kysely/tables';

/**
 * The store's pool as Kysely's dialect wants it, with what database.ts gives every query: NUL
 * replaced in parameters, connection failures as StoreUnavailableError, and a connection lost
 * while checked out heard rather than crashing the process.
 */
export function guardedPool(pool: pg.Pool): PostgresPool {
  const guarded = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const ignore = () => undefined;
  return {
    async connect() {
      const client = await pool.connect().catch((error: unknown) => {
        throw unavailableOr(error);
      });
      client.on('error', ignore);
      let wrapper = guarded.get(client);
      if (!wrapper) {
        wrapper = {
          // Kysely calls query(text, parameters) only: no cursors are configured.
          query: ((text: string, parameters: readonly unknown[]) =>
            client.query(text, parameters.map(nulFree)).catch((error: unknown) => {
              throw unavailableOr(error);
            })) as unknown as PostgresPoolClient['query'],
          release(destroy) {
            client.off('error', ignore);
            client.release(destroy);
          },
        };
        guarded.set(client, wrapper);
      }
      return wrapper;
    },
    // The store ends the pool itself.
    async end() {},
  };
}

/** A bulk load this big may change the table's statistics: see afterBulkLoad. */
const ANALYZE_AFTER = 1_000;

const upperCase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lowerCase = 'abcdefghijklmnopqrstuvwxyz';

/** Kysely on the store's pool: statements on any pooled client, transactions on one. */
export function postgresEngine(database: PostgresDatabase): Engine {
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: guardedPool(database.pool) }) });
  // Read on every listing: concurrent readers share the query, each still seeing every write before it asked.
  const serviceTypesVersion = coalescedRead(async () => {
    const row = await db.selectFrom('change_versions').select('version').where('name', '=', 'service_types').executeTakeFirstOrThrow();
    return String(row.version);
  });
  const engine: Engine = {
    kind: 'postgres',
    db,
    write: (work) => db.transaction().execute(work),
    snapshot: (work) => db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work),
    serviceTypesVersion,
    nearLocation: (near) =>
      sql<boolean>`ST_DWithin(location, ST_SetSRID(ST_MakePoint(${near.long}::float8, ${near.lat}::float8), 4326)::geography, ${near.radiusMeters}::float8 * 1.01 + 10, false)`,
    // PostgreSQL's lower() would fold every letter; SQLite's folds A–Z only.
    asciiLower: (column) => sql<string>`translate(${sql.ref(column)}, ${sql.lit(upperCase)}, ${sql.lit(lowerCase)})`,
    requestsNear: (query, near, columns) => postgresRequestsNear(engine, query, near, columns),
    arrays: (query) => database.queryArrays(query.sql, query.parameters),
    // The location column is generated from lat and long.
    requestLocationColumns: () => ({}),
    async afterBulkLoad(rows) {
      if (rows < ANALYZE_AFTER) return;
      // A bulk load (demo data, benchmarks) queried at once: without statistics the planner
      // took 80 ms sorting the whole table for a listing its index answers in 2 ms. Autovacuum
      // would get there, up to a minute later; here only when the table has none yet or this
      // load grew it by half (an ANALYZE of a million rows takes about a second).
      const [table] = await database.query<{ reltuples: number }>("SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = 'service_requests'::regclass");
      if (table!.reltuples < 0 || rows * 2 >= table!.reltuples) await database.query('ANALYZE service_requests, request_media');
    },
    async serialize(trx, keys) {
      // In order of the hashes, not the names (two names may share one); the ordered subquery is
      // not flattened, which fixes the order the locks are taken in.
      await sql`SELECT pg_advisory_xact_lock(key) FROM (SELECT DISTINCT hashtext(name) AS key FROM unnest(${[...keys]}::text[]) AS name ORDER BY key) AS keys`.execute(trx);
    },
    forUpdate: (query, options) => (options?.skipLocked ? query.forUpdate().skipLocked() : query.forUpdate()),
    indexedBy: () => sql``,
    bodiesAt: postgresBodiesAt(db),
    bodyAreaColumns: areaColumn,
    periodStart: (datetime, { period, timeZone }) =>
      sql<number>`(extract(epoch FROM date_trunc(${period}, to_timestamp(${datetime} / 1000.0) AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone}) * 1000)::bigint`,
  };
  return engine;
}
