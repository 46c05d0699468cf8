import { checkDirectoryWritable, createFileMediaStore } from '../media-files';
import type { HealthCheck, Store } from '../repositories/types';
import { createAddressRepository } from '../kysely/addresses';
import { createApiKeyRepository } from '../kysely/api-keys';
import { createServiceObjectRepository } from '../kysely/service-objects';
import { createServiceTypeRepository } from '../kysely/service-types';
import { sqliteEngine } from './kysely-engine';
import { createSqliteCounterRepository } from './counters';
import { openDatabase, type SqliteDatabase } from './database';
import { createSqliteFollowerRepository, createSqliteRequestHistoryRepository } from './follow';
import { createSqliteModerationRepository } from './moderation';
import { createSqliteObservationRepository } from './observations';
import { createSqliteOutboxStore } from './outbox';
import { createSqliteServiceRequestRepository } from './service-requests';
import { createSqliteSettingsRepository } from './settings';
import { createSqliteLoginThrottle, createSqliteRateLimits } from './throttle';
import { createSqliteUnitOfWork } from './unit-of-work';

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
    serviceTypes: createServiceTypeRepository(engine),
    serviceRequests: createSqliteServiceRequestRepository(db),
    apiKeys: createApiKeyRepository(engine),
    serviceObjects: createServiceObjectRepository(engine),
    addresses: createAddressRepository(engine),
    settings: createSqliteSettingsRepository(db),
    counters: createSqliteCounterRepository(db),
    observations: createSqliteObservationRepository(db),
    moderation: createSqliteModerationRepository(db),
    outbox: createSqliteOutboxStore(db),
    followers: createSqliteFollowerRepository(db),
    requestHistory: createSqliteRequestHistoryRepository(db),
    loginThrottle: createSqliteLoginThrottle(db),
    rateLimits: createSqliteRateLimits(db),
    media: createFileMediaStore(mediaDirectory),
    unitOfWork: createSqliteUnitOfWork(db),
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
