import type { Statement } from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, sql, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { bodiesCovering } from './body-areas';
import { gridCell } from './grid';
import { sqliteRequestsNear } from './radius-search';
import type { SqliteDatabase } from './database';
import type { Db, Engine } from '../kysely/engine';
import type { Tables } from '../kysely/tables';

/** Between attempts to take the write lock another connection holds. */
const BUSY_RETRY_MS = 2;

/** Distinct statements kept prepared; a query built with a varying number of values makes new texts. */
const PREPARED_LIMIT = 500;

/** Asked on every listing: compiled once rather than built from a template per call. */
const serviceTypesVersionQuery = CompiledQuery.raw(
  'SELECT (SELECT data_version FROM pragma_data_version) AS data_version, total_changes() AS changes',
) as CompiledQuery<{ data_version: number; changes: number }>;

/**
 * The connection as Kysely's dialect wants it, with its statements kept prepared: better-sqlite3
 * compiles every prepare() anew, and compiling costs more than running most of Kerro's queries.
 */
function preparedOnce(db: SqliteDatabase, prepare = (statement: Statement) => statement) {
  const prepared = new Map<string, Statement>();
  return {
    prepare(text: string) {
      let statement = prepared.get(text);
      if (!statement) {
        if (prepared.size >= PREPARED_LIMIT) prepared.clear();
        statement = prepare(db.prepare(text));
        prepared.set(text, statement);
      }
      return statement;
    },
    // The store closes the connection itself.
    close() {},
  } satisfies KyselySqliteDatabase;
}

/**
 * Kysely on the store's one SQLite connection. Its driver lets one caller at a time use the
 * connection, so a transaction holds it from BEGIN to COMMIT and nothing else runs inside it.
 */
export function sqliteEngine(connection: SqliteDatabase): Engine {
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: preparedOnce(connection) }) });
  // Kept apart from Kysely's: these answer rows as arrays.
  const arrayStatement = preparedOnce(connection, (statement) => statement.raw(true)).prepare;
  /**
   * BEGIN IMMEDIATE without SQLite's busy wait, which would block the event loop: a transaction
   * held across awaits by another connection in this process (another store on the same file)
   * could then never commit. Waits in turns instead, as long as busy_timeout allows.
   */
  const beginImmediate = async (trx: Db) => {
    const patience = connection.pragma('busy_timeout', { simple: true }) as number;
    const giveUpAt = Date.now() + patience;
    for (;;) {
      connection.pragma('busy_timeout = 0');
      try {
        await sql.raw('BEGIN IMMEDIATE').execute(trx);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= giveUpAt) throw error;
      } finally {
        connection.pragma(`busy_timeout = ${patience}`);
      }
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
    }
  };
  const inTransaction = <T>(begin: 'BEGIN' | 'BEGIN IMMEDIATE', work: (trx: Db) => Promise<T>) =>
    db.connection().execute(async (trx) => {
      if (begin === 'BEGIN IMMEDIATE') await beginImmediate(trx);
      else await sql.raw(begin).execute(trx);
      try {
        const result = await work(trx);
        await sql.raw('COMMIT').execute(trx);
        return result;
      } catch (error) {
        await sql.raw('ROLLBACK').execute(trx);
        throw error;
      }
    });
  return {
    kind: 'sqlite',
    db,
    write: (work) => inTransaction('BEGIN IMMEDIATE', work),
    snapshot: (work) => inTransaction('BEGIN', work),
    async serviceTypesVersion() {
      const { rows } = await db.executeQuery(serviceTypesVersionQuery);
      return `${rows[0]!.data_version}:${rows[0]!.changes}`;
    },
    nearLocation: () => undefined,
    asciiLower: (column) => sql<string>`LOWER(${sql.ref(column)})`,
    requestsNear: (query, near, columns) => sqliteRequestsNear(db, query, near, columns),
    async arrays<Row extends unknown[]>(query: CompiledQuery) {
      const read = () => arrayStatement(query.sql).all(...query.parameters) as Row[];
      // Outside a transaction a read sees only committed rows, so it needs no turn (the listing's
      // entries, read on every uncached listing: the turn cost a tenth of the read). Inside one it
      // waits, as every other query does, rather than see that transaction's uncommitted writes.
      if (!connection.inTransaction) return read();
      return db.connection().execute(async () => read());
    },
    // The grid cell keeps radius searches on a plain B-tree index (grid.ts).
    requestLocationColumns: ({ lat, long }) => ({ grid_cell: lat !== null && long !== null ? gridCell(lat, long) : null }),
    afterBulkLoad: async () => undefined,
    // BEGIN IMMEDIATE took the database's one write lock.
    serialize: async () => undefined,
    forUpdate: (query) => query,
    indexedBy: (index) => sql`INDEXED BY ${sql.id(index)}`,
    bodiesAt: async (point, areas) => bodiesCovering(point, areas),
    // No geometry column: the areas are indexed in memory (body-areas.ts).
    bodyAreaColumns: () => ({}),
    periodStart: () => undefined,
  };
}
