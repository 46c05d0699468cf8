/**
 * What the rest of the server sees of storage: every repository, the unit of work for changes
 * that span them, change tokens for caches, a health probe and close. Backends (sqlite/,
 * postgres/) implement it; test/server/storage's contract suite is what defines one.
 */
import type { AddressRepository } from './addresses';
import type { AlertRepository } from './alerts';
import type { BodyRepository } from './bodies';
import type { CaseSystemUpdateStore } from './case-system-updates';
import type { ApiKeyRepository, ServiceObjectRepository, ServiceRequestRepository, ServiceTypeRepository, SettingsRepository } from './core';
import type { CounterRepository } from './counters';
import type { DashboardRepository } from './dashboard';
import type { FollowerRepository, RequestHistoryRepository } from './follow';
import type { ForwardStore } from './forwards';
import type { IdempotencyRepository } from './idempotency';
import type { MediaStore, PhotoOwnerRepository } from './media';
import type { ModerationRepository, UnitOfWork } from './moderation';
import type { NotOursRepository } from './not-ours';
import type { ObservationRepository } from './observations';
import type { OutboxStore } from './outbox';
import type { ResidentUpdateRepository } from './resident-updates';
import type { AbuseReportRepository, QuestionnaireRepository } from './questionnaires';
import type { RequestDeskRepository } from './request-desk';
import type { ResidentRepository } from './residents';
import type { ResponseTemplateRepository } from './response-templates';
import type { LoginThrottleRepository, RateLimitRepository } from './throttle';

export type * from './addresses';
export type * from './alerts';
export type * from './bodies';
export type * from './case-system-updates';
export type * from './core';
export type * from './counters';
export type * from './dashboard';
export type * from './follow';
export type * from './forwards';
export type * from './idempotency';
export type * from './media';
export type * from './moderation';
export type * from './not-ours';
export type * from './observations';
export type * from './outbox';
export type * from './resident-updates';
export type * from './questionnaires';
export type * from './request-desk';
export type * from './residents';
export type * from './response-templates';
export type * from './throttle';

export interface Repositories {
  serviceTypes: ServiceTypeRepository;
  serviceRequests: ServiceRequestRepository;
  apiKeys: ApiKeyRepository;
  serviceObjects: ServiceObjectRepository;
  /** The address registry the embedded geocoder searches. */
  addresses: AddressRepository;
  settings: SettingsRepository;
  counters: CounterRepository;
  /** Counter observations (counts, speeds) and their data sources. */
  observations: ObservationRepository;
  moderation: ModerationRepository;
  outbox: OutboxStore;
  /** The reporter's and followers' subscriptions to a request's updates. */
  followers: FollowerRepository;
  /** Each request's public, dated changes. */
  requestHistory: RequestHistoryRepository;
  loginThrottle: LoginThrottleRepository;
  rateLimits: RateLimitRepository;
  /** Idempotency keys of submissions and their first answers. */
  idempotencyKeys: IdempotencyRepository;
  /** Photos: files, or rows of the PostgreSQL database (see openStore). */
  media: MediaStore;
  unitOfWork: UnitOfWork;
  /** The bodies of a region and their areas; none: one jurisdiction. */
  bodies: BodyRepository;
  /** Reports on their way to their bodies' case systems, and the polling of those systems. */
  forwards: ForwardStore;
  /** mySociety updates: those read from case systems (each once), those owed to them (a leased queue). */
  caseSystemUpdates: CaseSystemUpdateStore;
  /** Residents' updates on published requests, pending until a moderator decides. */
  residentUpdates: ResidentUpdateRepository;
  /** "Was it fixed?" four weeks after a close (issue 28). */
  questionnaires: QuestionnaireRepository;
  /** Residents' reports of abuse against published requests, for their bodies' moderators. */
  abuseReports: AbuseReportRepository;
  /** Residents' sign-in links and sessions, and what an address may see of its own. */
  residents: ResidentRepository;
  /** Email alerts for new published reports in an area, and their sending. */
  alerts: AlertRepository;
  /** Whose each stored photo is, and whether the public may see it. */
  photoOwners: PhotoOwnerRepository;
  /** The dashboard's figures and exports: a filter's reports in keyset pages (issue 41, item 9). */
  dashboard: DashboardRepository;
  /** Who of a body's moderators handles each report, and their internal notes on it (issue 41, item 5). */
  requestDesk: RequestDeskRepository;
  /** Moderators' saved responses, per body (issue 41, item 4). */
  responseTemplates: ResponseTemplateRepository;
  /** Places someone else maintains, whom to contact there, and the types still reported there. */
  notOurs: NotOursRepository;
}

export type HealthCheck = 'ok' | 'failed';

export interface PoolUse {
  /** Connections open, idle among them, callers waiting for one, and the most allowed. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface Store extends Repositories {
  readonly backend: 'sqlite' | 'postgres';
  /** The connection pool's use now, where there is one (PostgreSQL); SQLite has one connection. */
  readonly pool?: () => PoolUse;
  /**
   * Readiness: the database answers a query, and photos can be written where they go. `media`
   * only when photos are files: as database rows they are exactly as healthy as the database.
   */
  health(): Promise<{ database: HealthCheck; media?: HealthCheck }>;
  /** Closes the database (pool); the store is unusable after. */
  close(): Promise<void>;
}
