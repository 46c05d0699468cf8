import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { inject } from 'vitest';
import { openStore, type Store } from '../../src/server/storage';
import { createMigratedTestDatabase, createTestDatabase } from './postgres-cluster';

/**
 * Which backend this test run exercises: the `server-postgres` vitest project sets
 * KERRO_TEST_BACKEND=postgres and runs the same server suites against a real PostgreSQL.
 */
export type TestBackend = 'sqlite' | 'postgres';
export const testBackend: TestBackend = process.env.KERRO_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';

/** The environment that points a Kerro config at a fresh, empty store of this run's backend. */
export async function freshStoreEnv(dataDir: string, backend: TestBackend = testBackend): Promise<Record<string, string>> {
  if (backend === 'sqlite') return { DATA_DIR: dataDir };
  return { DATA_DIR: dataDir, DATABASE_URL: await createTestDatabase(inject('postgresUrl')) };
}

/**
 * Plain SQL on a test's store, for tests that look under the repositories (what is stored, not
 * what is answered). `?` placeholders on both backends.
 */
export interface TestSql {
  all<Row = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<Row[]>;
  get<Row = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<Row | undefined>;
  run(sql: string, ...params: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** A second connection to the store the env points at (test code only; the server holds its own). */
export function openTestSql(env: Record<string, string>): TestSql {
  if (env.DATABASE_URL) {
    // Numbers as numbers, as the server's own pool and SQLite give them.
    const types = new pg.TypeOverrides();
    types.setTypeParser(pg.types.builtins.INT8, Number);
    types.setTypeParser(pg.types.builtins.NUMERIC, Number);
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2, types });
    const numbered = (sql: string) => {
      let index = 0;
      return sql.replace(/\?/g, () => `$${++index}`);
    };
    const all = async <Row>(sql: string, ...params: unknown[]) => (await pool.query(numbered(sql), params)).rows as Row[];
    return {
      all,
      async get<Row>(sql: string, ...params: unknown[]) {
        return (await all<Row>(sql, ...params))[0];
      },
      async run(sql, ...params) {
        await pool.query(numbered(sql), params);
      },
      async close() {
        await pool.end();
      },
    };
  }
  const db = new Database(join(env.DATA_DIR!, 'kerro.sqlite'));
  db.pragma('busy_timeout = 5000');
  return {
    async all<Row>(sql: string, ...params: unknown[]) {
      return db.prepare(sql).all(...params) as Row[];
    },
    async get<Row>(sql: string, ...params: unknown[]) {
      return db.prepare(sql).get(...params) as Row | undefined;
    },
    async run(sql, ...params) {
      db.prepare(sql).run(...params);
    },
    async close() {
      db.close();
    },
  };
}

/**
 * The environment of a fresh store at the current schema, as a server's first start leaves it
 * (on PostgreSQL a copy of a migrated template: migrating each test's database was most of the
 * PostgreSQL suites' time).
 */
export async function migratedStoreEnv(dataDir: string): Promise<Record<string, string>> {
  if (testBackend === 'sqlite') return { DATA_DIR: dataDir };
  const migrate = async (url: string) => (await openStoreOf({ DATA_DIR: dataDir, DATABASE_URL: url })).close();
  return { DATA_DIR: dataDir, DATABASE_URL: await createMigratedTestDatabase(inject('postgresUrl'), migrate) };
}

/** Opens a fresh store of this run's backend; its env says where (DATA_DIR, DATABASE_URL). */
export async function openTestStore(dataDir: string): Promise<{ store: Store; env: Record<string, string> }> {
  const env = await migratedStoreEnv(dataDir);
  return { store: await openStoreOf(env), env };
}

/**
 * The environment of a fresh, empty store that exists, as a server's first start leaves it: the
 * admin commands refuse a DATA_DIR without a database unless given --create.
 */
export async function createdStoreEnv(dataDir: string, backend: TestBackend = testBackend): Promise<Record<string, string>> {
  const env = await freshStoreEnv(dataDir, backend);
  await (await openStoreOf(env)).close();
  return env;
}

const openStoreOf = (env: Record<string, string>) =>
  openStore({
    DATA_DIR: env.DATA_DIR!,
    DATABASE_URL: env.DATABASE_URL,
    DATABASE_POOL_SIZE: 5,
    DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
    MEDIA_DIR: undefined,
  });
