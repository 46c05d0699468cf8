import type { SqliteDatabase } from './database';
import type { Repositories } from './repositories/types';
import { createSqliteApiKeyRepository } from './sqlite/api-keys';
import { createSqliteServiceObjectRepository } from './sqlite/service-objects';
import { createSqliteServiceRequestRepository } from './sqlite/service-requests';
import { createSqliteServiceTypeRepository } from './sqlite/service-types';
import { createSqliteSettingsRepository } from './sqlite/settings';

export function createSqliteRepositories(db: SqliteDatabase): Repositories {
  return {
    serviceTypes: createSqliteServiceTypeRepository(db),
    serviceRequests: createSqliteServiceRequestRepository(db),
    apiKeys: createSqliteApiKeyRepository(db),
    serviceObjects: createSqliteServiceObjectRepository(db),
    settings: createSqliteSettingsRepository(db),
  };
}
