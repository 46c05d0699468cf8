import { Kysely, SqliteDialect, sql, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import type { SqliteDatabase } from './database';
import type { Db, Engine } from '../kysely/engine';
import type { Tables } from '../kysely/tables';

/** Distinct statements kept prepared; a query built with a varying number of values makes new texts. */
const PREPARED_LIMIT = 500;

/**
 * The connection as Kysely's dialect wants it, with its statements kept prepared: better-sqlite3
 * compiles every prepare() anew, and compiling costs more than running most of Kerro's queries.
 */
function preparedOnce(db: SqliteDatabase): KyselySqliteDatabase {
  const prepared = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  return {
    prepare(text) {
      let statement = prepared.get(text);
      if (!statement) {
        if (prepared.size >= PREPARED_LIMIT) prepared.clear();
        statement = db.prepare(text);
        prepared.set(text, statement);
      }
      return statement;
    },
    // The store closes the connection itself.
    close() {},
  };
}

/**
 * Kysely on the store's one SQLite connection. Its driver lets one caller at a time use the
 * connection, so a transaction holds it from BEGIN to COMMIT and nothing else runs inside it.
 */
export function sqliteEngine(connection: SqliteDatabase): Engine {
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: preparedOnce(connection) }) });
  const busyTimeoutMs = Number(connection.pragma('busy_timeout', { simple: true }));
  const beginImmediate = connection.prepare('BEGIN IMMEDIATE');
  /**
   * Takes the write lock without blocking the thread: a transaction of another connection in this
   * process (a second store on the same file) holds the lock across awaits, and SQLite's busy
   * handler would sleep the very thread that must finish it. So the wait is here, asynchronous,
   * for as long as busy_timeout would have waited.
   */
  const takeWriteLock = async () => {
    const deadline = Date.now() + busyTimeoutMs;
    for (let waitMs = 1; ; waitMs = Math.min(waitMs * 2, 20)) {
      connection.pragma('busy_timeout = 0');
      try {
        beginImmediate.run();
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      } finally {
        connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
      }
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  };
  const inTransaction = <T>(begin: 'BEGIN' | 'BEGIN IMMEDIATE', work: (trx: Db) => Promise<T>) =>
    db.connection().execute(async (trx) => {
      // Inside the connection's turn: nothing else of Kysely's runs on it until COMMIT.
      if (begin === 'BEGIN IMMEDIATE') await takeWriteLock();
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
      const { rows } = await sql<{ data_version: number; changes: number }>`SELECT (SELECT data_version FROM pragma_data_version) AS data_version, total_changes() AS changes`.execute(db);
      return `${rows[0]!.data_version}:${rows[0]!.changes}`;
    },
    nearLocation: () => undefined,
    asciiLower: (column) => sql<string>`LOWER(${sql.ref(column)})`,
    // BEGIN IMMEDIATE took the database's one write lock.
    serialize: async () => undefined,
    forUpdate: (query) => query,
    indexedBy: (index) => sql`INDEXED BY ${sql.id(index)}`,
    periodStart: () => undefined,
  };
}
