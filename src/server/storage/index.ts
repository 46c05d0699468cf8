/**
 * The one door to storage: `openStore(config)` picks the backend. Unset DATABASE_URL, the
 * embedded SQLite file in DATA_DIR (the one-command default); set, PostgreSQL + PostGIS, which
 * several instances can share.
 */
import { join } from 'node:path';
import type { Config } from '../config';
import type { Store } from './repositories/types';
import { openSqliteStore } from './sqlite/open-sqlite-store';

export type StoreConfig = Pick<
  Config,
  'DATA_DIR' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATABASE_STATEMENT_TIMEOUT_MS' | 'MEDIA_DIR'
>;

export async function openStore(config: StoreConfig): Promise<Store> {
  if (!config.DATABASE_URL) {
    return openSqliteStore({
      file: join(config.DATA_DIR, 'kerro.sqlite'),
      mediaDirectory: config.MEDIA_DIR ?? join(config.DATA_DIR, 'media'),
    });
  }
  // Loaded only when asked for, so the embedded default never loads the PostgreSQL driver.
  const { openPostgresStore } = await import('./postgres/open-postgres-store');
  return openPostgresStore({
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    // Unset: photos go into the database, which every instance already shares.
    mediaDirectory: config.MEDIA_DIR,
  });
}

export type { Store } from './repositories/types';
