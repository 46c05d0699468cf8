import { checkDirectoryWritable, createFileMediaStore } from '../media-files';
import type { HealthCheck, Store } from '../repositories/types';
import { sharedRepositories } from '../kysely/repositories';
import { sqliteEngine } from './kysely-engine';
import { openDatabase, type SqliteDatabase } from './database';

export interface SqliteStoreOptions {
  /** The database file, or ':memory:'. */
  file: string;
  /** Where photos are written as files. */
  mediaDirectory: string;
}

/** The embedded default: one SQLite file, photos as files beside it. */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  return sqliteStoreOn(await openDatabase(options.file), options.mediaDirectory);
}

function sqliteStoreOn(db: SqliteDatabase, mediaDirectory: string): Store {
  const probe = db.prepare('SELECT 1 AS one');
  const engine = sqliteEngine(db);
  let closed = false;
  return {
    backend: 'sqlite',
    ...sharedRepositories(engine),
    media: createFileMediaStore(mediaDirectory),
    async health() {
      let database: HealthCheck;
      try {
        // Fails when the database is closed, locked beyond busy_timeout or unreadable.
        database = probe.get() !== undefined ? 'ok' : 'failed';
      } catch {
        database = 'failed';
      }
      return { database, media: await checkDirectoryWritable(mediaDirectory) };
    },
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
