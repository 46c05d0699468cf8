/**
 * Where the store lives, in words an operator can check: the admin commands print it so a
 * command run with another DATA_DIR or DATABASE_URL than the server's is noticed at once.
 */
import { resolve } from 'node:path';
import type { Config } from '../config';

/** The SQLite file of a DATA_DIR; the store, `db copy` and the admin commands all name it so. */
export const sqliteFileOf = (config: Pick<Config, 'DATA_DIR'>) => resolve(config.DATA_DIR, 'kerro.sqlite');

/** The query parameters that only say where the server is; every other one may hold a secret (sslpassword, …). */
const locatingParameters = ['host', 'port'];

/**
 * DATABASE_URL without its user, password and other query parameters. It is printed, so it keeps
 * only what locates the database: the config has already checked that `URL` can parse it.
 */
export function publicDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const kept = [...url.searchParams].filter(([name]) => locatingParameters.includes(name));
  // Unencoded: read by people, never parsed again (a socket directory stays /var/run/postgresql).
  const query = kept.length > 0 ? `?${kept.map(([name, value]) => `${name}=${value}`).join('&')}` : '';
  return `${url.protocol}//${url.host}${url.pathname}${query}`;
}

/** "the SQLite database /abs/data/kerro.sqlite" or "the PostgreSQL database postgres://db:5432/kerro". */
export function describeStoreLocation(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>): string {
  return config.DATABASE_URL
    ? `the PostgreSQL database ${publicDatabaseUrl(config.DATABASE_URL)}`
    : `the SQLite database ${sqliteFileOf(config)}`;
}
