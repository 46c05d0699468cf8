/** Every repository written once, on the engine a backend gives (sqlite/ and postgres/ kysely-engine.ts). */
import { createAddressRepository } from './addresses';
import { createApiKeyRepository } from './api-keys';
import type { Engine } from './engine';
import { createFollowerRepository, createRequestHistoryRepository } from './follow';
import { createModerationRepository } from './moderation';
import { createOutboxStore } from './outbox';
import { createServiceObjectRepository } from './service-objects';
import { createServiceRequestRepository } from './service-requests';
import { createServiceTypeRepository } from './service-types';
import { createUnitOfWork } from './unit-of-work';
import type { Repositories } from '../repositories/types';

export type SharedRepositories = Pick<
  Repositories,
  'serviceTypes' | 'serviceRequests' | 'apiKeys' | 'serviceObjects' | 'addresses' | 'moderation' | 'outbox' | 'followers' | 'requestHistory' | 'unitOfWork'
>;

export function sharedRepositories(engine: Engine): SharedRepositories {
  return {
    serviceTypes: createServiceTypeRepository(engine),
    serviceRequests: createServiceRequestRepository(engine),
    apiKeys: createApiKeyRepository(engine),
    serviceObjects: createServiceObjectRepository(engine),
    addresses: createAddressRepository(engine),
    moderation: createModerationRepository(engine),
    outbox: createOutboxStore(engine),
    followers: createFollowerRepository(engine),
    requestHistory: createRequestHistoryRepository(engine),
    unitOfWork: createUnitOfWork(engine),
  };
}
