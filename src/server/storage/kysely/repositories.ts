/** Every repository written once, on the engine a backend gives (sqlite/ and postgres/ kysely-engine.ts). */
import { createAddressRepository } from './addresses';
import { createAlertRepository } from './alerts';
import { createApiKeyRepository } from './api-keys';
import { createBodyRepository } from './bodies';
import { createCaseSystemUpdateStore } from './case-system-updates';
import { createCounterRepository } from './counters';
import { createDashboardRepository } from './dashboard';
import type { Engine } from './engine';
import { createFollowerRepository, createRequestHistoryRepository } from './follow';
import { createForwardStore } from './forwards';
import { createIdempotencyRepository } from './idempotency';
import { createModerationRepository } from './moderation';
import { createNotOursRepository } from './not-ours';
import { createObservationRepository } from './observations';
import { createOutboxStore } from './outbox';
import { createPhotoOwnerRepository } from './photo-owners';
import { createResidentUpdateRepository } from './resident-updates';
import { createAbuseReportRepository, createQuestionnaireRepository } from './questionnaires';
import { createRequestDeskRepository } from './request-desk';
import { createResidentRepository } from './residents';
import { createResponseTemplateRepository } from './response-templates';
import { createServiceObjectRepository } from './service-objects';
import { createServiceRequestRepository } from './service-requests';
import { createServiceTypeRepository } from './service-types';
import { createSettingsRepository } from './settings';
import { createLoginThrottle, createRateLimits } from './throttle';
import { createUnitOfWork } from './unit-of-work';
import type { Store } from '../repositories/types';

/** Both stores wire these the same way; each adds only what its engine holds apart (health, photos, close). */
export function sharedRepositories(engine: Engine) {
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
    settings: createSettingsRepository(engine),
    counters: createCounterRepository(engine),
    observations: createObservationRepository(engine),
    loginThrottle: createLoginThrottle(engine),
    rateLimits: createRateLimits(engine),
    idempotencyKeys: createIdempotencyRepository(engine),
    bodies: createBodyRepository(engine),
    forwards: createForwardStore(engine),
    caseSystemUpdates: createCaseSystemUpdateStore(engine),
    residentUpdates: createResidentUpdateRepository(engine),
    questionnaires: createQuestionnaireRepository(engine),
    abuseReports: createAbuseReportRepository(engine),
    residents: createResidentRepository(engine),
    alerts: createAlertRepository(engine),
    photoOwners: createPhotoOwnerRepository(engine),
    dashboard: createDashboardRepository(engine),
    requestDesk: createRequestDeskRepository(engine),
    responseTemplates: createResponseTemplateRepository(engine),
    notOurs: createNotOursRepository(engine),
  } satisfies Partial<Store>;
}
