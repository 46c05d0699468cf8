import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { coalescedRead } from './coalesced-read';
import { nulFree, unavailableOr, type PostgresDatabase } from './database';
import type { Engine } from '../kysely/engine';
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
  return {
    kind: 'postgres',
    db,
    write: (work) => db.transaction().execute(work),
    snapshot: (work) => db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work),
    serviceTypesVersion,
    nearLocation: (near) =>
      sql<boolean>`ST_DWithin(location, ST_SetSRID(ST_MakePoint(${near.long}::float8, ${near.lat}::float8), 4326)::geography, ${near.radiusMeters * 1.01 + 10}::float8, false)`,
    // PostgreSQL's lower() would fold every letter; SQLite's folds A–Z only.
    asciiLower: (column) => sql<string>`translate(${sql.ref(column)}, ${sql.lit(upperCase)}, ${sql.lit(lowerCase)})`,
  };
}
