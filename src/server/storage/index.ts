/**
 * The one door to storage: `openStore(config)` picks the backend. Unset DATABASE_URL, the
 * embedded SQLite file in DATA_DIR (the one-command default); set, PostgreSQL + PostGIS, which
 * several instances can share.
 */
import { join } from 'node:path';
import type { Config } from '../config';
import type { Store } from './repositories/types';
import { openSqliteStore } from './sqlite/open-sqlite-store';
import { removeAbandonedTemporaryFiles, removeOrphanPhotoFiles, type OrphanPhotoSweep } from './media-files';
import { sqliteFileOf } from './store-location';

export type StoreConfig = Pick<
  Config,
  'DATA_DIR' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATABASE_STATEMENT_TIMEOUT_MS' | 'MEDIA_DIR'
>;

/** Where photos are files: MEDIA_DIR, else DATA_DIR/media on SQLite; none on PostgreSQL (they are rows). */
export function mediaDirectoryOf(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'MEDIA_DIR'>): string | undefined {
  return config.MEDIA_DIR ?? (config.DATABASE_URL ? undefined : join(config.DATA_DIR, 'media'));
}

/** How long a photo's temporary file must be untouched before a starting instance removes it. */
const ABANDONED_WRITE_AGE_MS = 15 * 60_000;

/** Removes photo writes a killed process left half done (media/.*.tmp); 0 when photos are rows. */
export async function removeAbandonedPhotoWrites(config: StoreConfig, now: number): Promise<number> {
  const directory = mediaDirectoryOf(config);
  return directory === undefined ? 0 : removeAbandonedTemporaryFiles(directory, now, ABANDONED_WRITE_AGE_MS);
}

/**
 * How long a photo no row names must be untouched before a starting instance removes it: its row
 * is committed seconds after the file is written, so a younger one may be another instance's
 * report in progress in a shared MEDIA_DIR.
 */
const ORPHAN_PHOTO_AGE_MS = 60 * 60_000;

/** Removes photo files no request or update names (a killed process wrote the photo, not its row); none when photos are rows. */
export async function removeOrphanPhotos(config: StoreConfig, store: Pick<Store, 'photoOwners'>, now: number): Promise<OrphanPhotoSweep | undefined> {
  const directory = mediaDirectoryOf(config);
  if (directory === undefined) return undefined;
  return removeOrphanPhotoFiles(directory, { now, minAgeMs: ORPHAN_PHOTO_AGE_MS, namedAmong: (names) => store.photoOwners.namedAmong(names) });
}

export async function openStore(config: StoreConfig): Promise<Store> {
  if (!config.DATABASE_URL) {
    return openSqliteStore({
      file: sqliteFileOf(config),
      mediaDirectory: mediaDirectoryOf(config)!,
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
export type { OrphanPhotoSweep } from './media-files';
export { describeStoreLocation, sqliteFileOf } from './store-location';
