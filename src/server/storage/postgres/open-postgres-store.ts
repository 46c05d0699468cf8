import { StoreUnavailableError } from '../errors';
import pg from 'pg';
import { checkDirectoryWritable, createFileMediaStore } from '../media-files';
import type { HealthCheck, Store } from '../repositories/types';
import { sharedRepositories } from '../kysely/repositories';
import { createBlobMediaStore } from '../kysely/media-blobs';
import { postgresEngine } from './kysely-engine';
import { createPostgresDatabase, type PostgresDatabase } from './database';
import { PostgresSetupError, runMigrations } from './migrations';

export interface PostgresStoreOptions {
  url: string;
  poolSize: number;
  statementTimeoutMs: number;
  /** Photos as files here (shared by every instance); unset, as rows of the database. */
  mediaDirectory?: string;
}

/** A readiness probe must answer quickly even when the database hangs. */
const HEALTH_TIMEOUT_MS = 2_000;

/** Where DATABASE_URL points, as pg itself reads it (PG* environment defaults included). */
interface Target {
  where: string;
  user: string;
  database: string;
  password: string;
}

function targetOf(url: string): Target {
  // A Client parses without connecting: the same reading of the URL the pool will use.
  const client = new pg.Client({ connectionString: url });
  const host = String(client.host);
  return {
    where: host.startsWith('/') ? `the socket in ${host} (port ${client.port})` : `${host}:${client.port}`,
    user: String(client.user),
    database: String(client.database),
    password: typeof client.password === 'string' ? client.password : '',
  };
}

const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'ENOENT']);

/** The error's code; Node's happy-eyeballs connect wraps its attempts in an AggregateError. */
function codeOf(error: unknown): string | undefined {
  const { code, errors } = error as { code?: unknown; errors?: unknown[] };
  if (typeof code === 'string') return code;
  return errors?.map(codeOf).find((inner) => inner !== undefined);
}

/** A start-up error that names what to fix, and never the password. */
function startupError(given: unknown, target: Target): Error {
  // The driver's own error says more than "cannot be reached right now".
  const error = given instanceof StoreUnavailableError ? given.cause : given;
  const { where, user, database, password } = target;
  const scrub = (text: string) =>
    password ? text.split(password).join('***').split(encodeURIComponent(password)).join('***') : text;
  const message = scrub(error instanceof Error ? error.message : String(error));
  const code = codeOf(error);
  let text: string;
  if (error instanceof PostgresSetupError) {
    text = message;
  } else if ((code && unreachableCodes.has(code)) || /timeout expired|connection timeout/i.test(message)) {
    text =
      `Cannot reach the PostgreSQL server at ${where} (${code ?? message}). Check the host and port in DATABASE_URL, ` +
      'and that PostgreSQL is running and accepts connections from this machine.';
  } else if (code === '28P01') {
    text = `PostgreSQL at ${where} refused the password of user "${user}": the password in DATABASE_URL is wrong (or the user does not exist). Correct DATABASE_URL.`;
  } else if (/SASL|password must be a string/i.test(message) && !password) {
    text = `PostgreSQL at ${where} asks user "${user}" for a password, but DATABASE_URL has none: write it as postgres://${user}:PASSWORD@host/${database}.`;
  } else if (code === '28000') {
    text = `PostgreSQL at ${where} does not let user "${user}" in (${message}). Check the user name in DATABASE_URL, or allow it in the server's pg_hba.conf.`;
  } else if (code === '3D000') {
    text = `Database "${database}" does not exist on the PostgreSQL server at ${where}. Create it (CREATE DATABASE "${database}" OWNER "${user}";) or correct the database name in DATABASE_URL.`;
  } else {
    text = `Could not open PostgreSQL database "${database}" at ${where} as user "${user}": ${message}`;
  }
  // The cause is left out on purpose: driver errors can carry connection details.
  return new Error(text);
}

/** PostgreSQL + PostGIS, shared by every instance: checks the connection, migrates, and wires the repositories. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  let target: Target;
  try {
    target = targetOf(options.url);
  } catch {
    // The URL itself is not repeated: it holds the password.
    throw new Error('DATABASE_URL is not a PostgreSQL URL pg can read; write it as postgres://user:password@host:5432/database.');
  }
  const db = createPostgresDatabase(options);
  try {
    // Connects once up front, so a wrong URL fails here with its own message, not mid-migration.
    await db.query('SELECT 1');
    await runMigrations(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw startupError(error, target);
  }
  return postgresStoreOn(db, options.mediaDirectory);
}

function postgresStoreOn(db: PostgresDatabase, mediaDirectory: string | undefined): Store {
  let closing: Promise<void> | undefined;
  const engine = postgresEngine(db);
  const probe = async (): Promise<HealthCheck> => {
    if (closing) return 'failed';
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<HealthCheck>((resolve) => {
      timer = setTimeout(() => resolve('failed'), HEALTH_TIMEOUT_MS);
    });
    try {
      const answer = db.query<{ one: number }>('SELECT 1 AS one').then(
        (rows): HealthCheck => (rows[0]?.one === 1 ? 'ok' : 'failed'),
        (): HealthCheck => 'failed',
      );
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    backend: 'postgres',
    ...sharedRepositories(engine),
    pool: () => ({ total: db.pool.totalCount, idle: db.pool.idleCount, waiting: db.pool.waitingCount, max: db.pool.options.max }),
    media: mediaDirectory ? createFileMediaStore(mediaDirectory) : createBlobMediaStore(engine),
    async health() {
      const database = await probe();
      // Photos in the database are writable exactly when the database answers: no check of their own.
      return mediaDirectory ? { database, media: await checkDirectoryWritable(mediaDirectory) } : { database };
    },
    close() {
      closing ??= db.close();
      return closing;
    },
  };
}
