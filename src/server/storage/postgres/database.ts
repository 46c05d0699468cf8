import pg from 'pg';
import { isPostgresConnectionFailure, StoreUnavailableError } from '../errors';

/**
 * A PostgreSQL connection pool with the few things every repository needs: queries that answer
 * rows, and transactions on one pooled client. bigint (epoch milliseconds, ids) and numeric
 * come back as JavaScript numbers, as SQLite gives them; every value Kerro stores fits exactly.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Rows as arrays of the selected columns in order: no object built per row, for hot reads of many rows. */
  queryArrays<Row extends unknown[]>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface PostgresDatabase extends Queryable {
  /** Runs `work` in one transaction on one client: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(work: (client: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly pool: pg.Pool;
}

export interface PostgresOptions {
  url: string;
  poolSize: number;
  statementTimeoutMs: number;
}

const typeOverrides = new pg.TypeOverrides();
const toNumber = (text: string) => Number(text);
typeOverrides.setTypeParser(pg.types.builtins.INT8, toNumber);
typeOverrides.setTypeParser(pg.types.builtins.NUMERIC, toNumber);

/**
 * PostgreSQL text cannot hold NUL, which SQLite stores. The API refuses control characters in
 * everything it stores, so a NUL can only arrive in a lookup (an id in a query string), where it
 * must match nothing rather than fail: U+FFFD stands in for it.
 */
const withoutNul = (params: readonly unknown[]): unknown[] => params.map(nulFree);

export function nulFree(value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
  if (Array.isArray(value)) return value.map(nulFree);
  return value;
}

/** Connection failures become StoreUnavailableError, so callers can answer "try again shortly". */
export function unavailableOr(error: unknown): unknown {
  return isPostgresConnectionFailure(error) ? new StoreUnavailableError(error) : error;
}

function queryableOn(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, withoutNul(params)).catch((error: unknown) => {
        throw unavailableOr(error);
      });
      return result.rows as Row[];
    },
    async queryArrays<Row extends unknown[]>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query({ text: sql, values: withoutNul(params), rowMode: 'array' }).catch((error: unknown) => {
        throw unavailableOr(error);
      });
      return result.rows as Row[];
    },
  };
}

export function createPostgresDatabase(options: PostgresOptions): PostgresDatabase {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    types: typeOverrides,
    // A query that runs away is cancelled by the server, so a pool slot is never held for ever.
    statement_timeout: options.statementTimeoutMs,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: 'kerro',
    // Kerro's queries are short; JIT compiling one whose cost the planner overestimates (the
    // radius search's haversine) took ~10 ms, longer than running it.
    options: '-c jit=off',
  });
  // An idle client losing its connection (server restart) must not crash the process: the pool
  // drops it and the next query opens a fresh one.
  pool.on('error', () => undefined);
  const plain = queryableOn(pool);

  return {
    pool,
    query: plain.query,
    queryArrays: plain.queryArrays,
    async transaction(work) {
      const client = await pool.connect().catch((error: unknown) => {
        throw unavailableOr(error);
      });
      // A connection lost while checked out emits 'error' on the client, which the pool only
      // listens for while the client is idle: unheard, it would crash the process.
      const ignore = () => undefined;
      client.on('error', ignore);
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await work(queryableOn(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // No ROLLBACK means a dead or confused connection: released with the error, the pool
          // destroys it instead of handing it to the next caller.
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw unavailableOr(error);
      } finally {
        client.off('error', ignore);
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
