/**
 * The tables the shared repositories (this folder) read and write, as Kysely sees them: one
 * description for both engines. Integers are numbers on both (the PostgreSQL pool parses bigint
 * and numeric as numbers); flags are 0/1 integers on both. Columns only one engine has (SQLite's
 * grid_cell, PostgreSQL's generated locations) are left out: dialect hooks reach them.
 */
import type { ColumnType, Generated } from 'kysely';
import type { AddressPoint } from '../repositories/addresses';
import type { HistoryKind } from '../repositories/follow';
import type { NewOutboxMessage } from '../repositories/outbox';
import type { ResidentUpdateRecord } from '../repositories/resident-updates';
import type { ServiceRequestRow } from '../request-rows';
import type { SubscriptionRow } from '../subscription-rows';

export interface ServiceTypesTable {
  service_code: string;
  metadata_type: 'realtime' | 'batch' | 'blackbox';
  position: number;
  /** Left to its default (offered) by an insert; only `setArchived` writes it. */
  archived_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ServiceTypeTranslationsTable {
  service_code: string;
  locale: string;
  service_name: string;
  description: string;
  keywords: string;
  group_name: string;
}

export interface ServiceAttributesTable {
  service_code: string;
  code: string;
  variable: number;
  datatype: 'string' | 'number' | 'datetime' | 'text' | 'singlevaluelist' | 'multivaluelist';
  required: number;
  datatype_description: string;
  position: number;
  description: string;
  values_json: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
}

export interface ServiceObjectsTable {
  service_object_type: string;
  service_object_id: string;
  kind: string;
  lat: number;
  long: number;
  name_fi: string;
  name_sv: string;
  name_en: string;
  address: string;
}

/** An address point as imported, its id and its folded house number (repositories/addresses.ts houseNumberKey). */
export interface AddressesTable extends AddressPoint {
  id: Generated<number>;
  number_key: string;
}

/** Version rows that triggers move on every write to their tables, by any process. */
export interface ChangeVersionsTable {
  name: string;
  version: number;
}

/** A request as request-rows.ts encodes it; `revision` is moved by triggers (listing-schema). */
export interface ServiceRequestsTable extends Omit<ServiceRequestRow, 'duplicate_of' | 'body_id'> {
  revision: Generated<number>;
  /** Absent from an insert: only a moderator marks a duplicate. */
  duplicate_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** The body the request was assigned to; null with no bodies configured. */
  body_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RequestMediaTable {
  service_request_id: string;
  position: number;
  file_name: string;
  content_type: string;
  byte_size: number;
}

export interface SubscriptionsTable extends Omit<SubscriptionRow, 'id'> {
  id: Generated<number>;
}

export interface RequestHistoryTable {
  id: Generated<number>;
  service_request_id: string;
  at: number;
  kind: HistoryKind;
  /** Comma list, as the request's own column. */
  detailed_status: string;
  note: string;
  /** The update a `resident_update` entry shows; null for every other kind. */
  resident_update_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A resident's update; show_name is 0/1 on both engines. */
export interface ResidentUpdatesTable extends Omit<ResidentUpdateRecord, 'show_name'> {
  show_name: number;
}

/** A queued message as the repository takes it, plus what the sender keeps on the row. */
export interface OutboxTable extends NewOutboxMessage {
  id: Generated<number>;
  attempts: Generated<number>;
  next_attempt_at: number;
  locked_until: number | null;
  last_error: string | null;
  sent_at: number | null;
  failed_at: number | null;
}

export interface ModeratorsTable {
  id: Generated<number>;
  name: string;
  password_hash: string;
  created_at: number;
  disabled_at: number | null;
}

export interface ModeratorSessionsTable {
  id: string;
  moderator_id: number;
  csrf_token: string;
  created_at: number;
  expires_at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  moderator: string;
  action: string;
  service_request_id: string | null;
  details_json: string;
}

export interface SettingsTable {
  name: string;
  value: string;
}

/** counter-rows.ts encodes and decodes a row; revision is the counter_dataset version of its last write. */
export interface CountersTable {
  id: number;
  name: string;
  source: string;
  source_folded: string;
  source_id: number | null;
  classifying: number;
  crs_epsg: number;
  municipality_code: string;
  data_received: number;
  first_stored_observation: number | null;
  last_stored_observation: number | null;
  longitude: number;
  latitude: number;
  revision: number;
}

/** One row (id 1): the version every counter write moves. */
export interface CounterDatasetTable {
  id: number;
  version: number;
}

/** The strings of a series, once; its values are rows of observations. */
export interface ObservationSeriesTable {
  id: Generated<number>;
  counter_id: number;
  measurement_type: string;
  measurement_type_folded: string;
  direction: string;
  vehicle_type: string;
  unit: string;
  phenomenon_duration_seconds: number;
  source: string;
  source_folded: string;
}

export interface ObservationsTable {
  series_id: number;
  datetime: number;
  value: number;
}

export interface ObservationSourcesTable {
  name: string;
  license: string;
  description_fi: string;
  description_sv: string;
  description_en: string;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  scope: string;
  attempt: string;
  at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

export interface IdempotencyKeysTable {
  scope: string;
  idempotency_key: string;
  fingerprint: string;
  state: 'running' | 'done';
  created_at: number;
  lease_until: number;
  expires_at: number;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
}

/** PostgreSQL only: photos as rows when no shared media directory is configured. */
export interface MediaBlobsTable {
  file_name: string;
  content: Buffer;
  created_at: number;
}

export interface BodiesTable {
  id: string;
  jurisdiction_id: string;
  name_fi: string;
  name_sv: string;
  name_en: string;
  area_geojson: string;
  area_m2: number;
  min_lat: number;
  min_long: number;
  max_lat: number;
  max_long: number;
  send_json: string;
}

export interface BodyServicesTable {
  body_id: string;
  service_code: string;
  position: number;
}

export interface ModeratorBodiesTable {
  moderator_name: string;
  body_id: string;
}

/** One per forwarded request (issue 27): a job until sent, then the link to the case system's report. */
export interface ForwardsTable {
  service_request_id: string;
  body_id: string;
  method: string;
  idempotency_key: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  /** 1 when an attempt's answer was lost after the case system may have taken it. */
  uncertain: number;
  sent_at: number | null;
  failed_at: number | null;
  last_error: string | null;
  remote_id: string | null;
  remote_updated_at: number | null;
}

/** Each open311 body's polling: the window applied so far and the one instance's lease. */
export interface CaseSystemPollsTable {
  body_id: string;
  polled_until: number | null;
  locked_until: number | null;
  last_polled_at: number | null;
  last_error: string | null;
}

/** A request's "was it fixed?" questionnaire (issue 28): from its last close to the reporter's one answer. */
export interface QuestionnairesTable {
  id: Generated<number>;
  service_request_id: string;
  closed_at: number;
  asked_at: ColumnType<number | null, number | null | undefined, number | null>;
  answer: ColumnType<'fixed' | 'not_fixed' | null, 'fixed' | 'not_fixed' | null | undefined, 'fixed' | 'not_fixed' | null>;
  answered_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A resident's report of abuse against a published request, open until a moderator resolves it. */
export interface AbuseReportsTable {
  id: Generated<number>;
  service_request_id: string;
  reason: string;
  email: string | null;
  created_at: number;
  resolved_at: ColumnType<number | null, number | null | undefined, number | null>;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
  resolution: ColumnType<'kept' | 'hidden' | null, 'kept' | 'hidden' | null | undefined, 'kept' | 'hidden' | null>;
}

/** A one-time sign-in link, by the SHA-256 of its token; used_at set once, when it is used. */
export interface ResidentSignInsTable {
  token_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A resident's session, by the SHA-256 of its cookie's token. */
export interface ResidentSessionsTable {
  id: string;
  email: string;
  created_at: number;
  expires_at: number;
}

/** An email alert for new published reports in an area (issue 28); the area's columns by `kind`. */
export interface AlertsTable {
  id: Generated<number>;
  email: string;
  kind: 'point' | 'street' | 'body';
  lat: number | null;
  long: number | null;
  radius_m: number | null;
  street: string | null;
  street_key: string | null;
  body_id: string | null;
  frequency: 'immediate' | 'daily';
  locale: string;
  created_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  last_sent_at: number | null;
  last_digest_day: string | null;
}

/** A report an alert was matched with: told at once, or waiting (sent_at null) for its daily digest. */
export interface AlertDeliveriesTable {
  alert_id: number;
  service_request_id: string;
  matched_at: number;
  sent_at: number | null;
}

export interface AlertScannedRequestsTable {
  service_request_id: string;
  scanned_at: number;
}

export interface AlertScanTable {
  name: string;
  scanned_from: number;
}

export interface Tables {
  service_types: ServiceTypesTable;
  service_type_translations: ServiceTypeTranslationsTable;
  service_attributes: ServiceAttributesTable;
  api_keys: ApiKeysTable;
  service_objects: ServiceObjectsTable;
  addresses: AddressesTable;
  change_versions: ChangeVersionsTable;
  service_requests: ServiceRequestsTable;
  request_media: RequestMediaTable;
  subscriptions: SubscriptionsTable;
  request_history: RequestHistoryTable;
  outbox: OutboxTable;
  moderators: ModeratorsTable;
  moderator_sessions: ModeratorSessionsTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  counters: CountersTable;
  counter_dataset: CounterDatasetTable;
  observation_series: ObservationSeriesTable;
  observations: ObservationsTable;
  observation_sources: ObservationSourcesTable;
  login_attempts: LoginAttemptsTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  media_blobs: MediaBlobsTable;
  bodies: BodiesTable;
  body_services: BodyServicesTable;
  moderator_bodies: ModeratorBodiesTable;
  forwards: ForwardsTable;
  case_system_polls: CaseSystemPollsTable;
  resident_updates: ResidentUpdatesTable;
  questionnaires: QuestionnairesTable;
  abuse_reports: AbuseReportsTable;
  resident_sign_ins: ResidentSignInsTable;
  resident_sessions: ResidentSessionsTable;
  alerts: AlertsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_scanned_requests: AlertScannedRequestsTable;
  alert_scan: AlertScanTable;
}
