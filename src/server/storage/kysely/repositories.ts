import type { Engine } from './engine';
import { createAddressRepository } from './addresses';
import { createApiKeyRepository } from './api-keys';
import { createCounterRepository } from './counters';
import { createObservationRepository } from './observations';
import { createServiceObjectRepository } from './service-objects';
import { createServiceTypeRepository } from './service-types';
import { createSettingsRepository } from './settings';
import { createLoginThrottle, createRateLimits } from './throttle';
import type { Store } from '../repositories/types';

/** The repositories written once, on either engine: both stores wire these the same way. */
export function sharedRepositories(engine: Engine) {
  return {
    serviceTypes: createServiceTypeRepository(engine),
    apiKeys: createApiKeyRepository(engine),
    serviceObjects: createServiceObjectRepository(engine),
    addresses: createAddressRepository(engine),
    settings: createSettingsRepository(engine),
    counters: createCounterRepository(engine),
    observations: createObservationRepository(engine),
    loginThrottle: createLoginThrottle(engine),
    rateLimits: createRateLimits(engine),
  } satisfies Partial<Store>;
}
