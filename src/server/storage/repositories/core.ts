/** Service types, requests, API keys, service objects and settings. */
export interface ServiceTypeTranslation {
  service_name: string;
  description: string;
  keywords: string;
  group: string;
}

export interface ServiceAttributeValue {
  key: string;
  /** The default name (English); `names` holds it by language (fi, sv, en). */
  name: string;
  names?: Record<string, string>;
}

export interface ServiceAttribute {
  code: string;
  variable: boolean;
  datatype: 'string' | 'number' | 'datetime' | 'text' | 'singlevaluelist' | 'multivaluelist';
  required: boolean;
  datatype_description: string;
  order: number;
  /** The default question (English); `descriptions` holds it by language (fi, sv, en). */
  description: string;
  descriptions?: Record<string, string>;
  values: ServiceAttributeValue[];
}

export interface ServiceTypeRecord {
  service_code: string;
  type: 'realtime' | 'batch' | 'blackbox';
  position: number;
  /** Keyed by language (fi, sv, en). */
  translations: Record<string, ServiceTypeTranslation>;
  attributes: ServiceAttribute[];
  /**
   * When it was archived (epoch ms): out of the service list and refused for new reports, its
   * requests still shown under its name. Absent: offered. Written only by `setArchived`.
   */
  archived_at?: number;
  /**
   * Days a published report of this type may stay open before it is overdue (issue 41, item 6),
   * a whole number from the service list import. Absent: no target.
   */
  target_days?: number;
}

/** What `remove` did: removed, there was no such type, or requests use it (how many), so it stays. */
export type ServiceTypeRemoval = { outcome: 'removed' } | { outcome: 'missing' } | { outcome: 'in-use'; requests: number };

export interface ServiceTypeRepository {
  list(): Promise<ServiceTypeRecord[]>;
  find(serviceCode: string): Promise<ServiceTypeRecord | undefined>;
  upsert(record: ServiceTypeRecord): Promise<void>;
  /** Upserts every record, as `upsert` does each, in one transaction: all or none. */
  upsertMany(records: readonly ServiceTypeRecord[]): Promise<void>;
  count(): Promise<number>;
  /** How many requests (in any moderation state) use each service code; a code none uses is absent. */
  requestCounts(): Promise<Map<string, number>>;
  /**
   * Removes a type with its translations, attributes and place in bodies' service lists, unless
   * a request uses it (checked in the same transaction as the delete).
   */
  remove(serviceCode: string): Promise<ServiceTypeRemoval>;
  /** Archives (a time) or offers again (null); false when there is no such type. */
  setArchived(serviceCode: string, archivedAt: number | null): Promise<boolean>;
}

import type { ModerationFlag, ModerationState } from '../../../shared/moderation/wire';
import type { RejectReason } from '../../../shared/moderation/reject-reasons';
import type { RecipientMessage } from './follow';
import type { ForwardOrder } from './forwards';
import type { KeyCompletion } from './idempotency';
import type { NewAuditEntry } from './moderation';

export type { ModerationState };

export interface StoredMedia {
  position: number;
  file_name: string;
  content_type: string;
  byte_size: number;
}

export interface ServiceRequestRecord {
  service_request_id: string;
  service_code: string;
  title: string | null;
  description: string;
  lat: number | null;
  long: number | null;
  address_string: string | null;
  address_id: string | null;
  zip_code: string | null;
  service_object_type: string | null;
  service_object_id: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  device_id: string | null;
  account_id: string | null;
  locale: string;
  status: 'open' | 'closed';
  detailed_status: string[];
  status_notes: string;
  agency_responsible: string;
  service_notice: string;
  moderation: ModerationState;
  external_media_url: string | null;
  attributes: Record<string, string | string[]>;
  /** Epoch milliseconds. */
  requested_at: number;
  updated_at: number;
  expected_at: number | null;
  /** The original, when a moderator marked this one its duplicate (then moderation is rejected). */
  duplicate_of: string | null;
  /** The body it was assigned to (the bodies issue); null with no bodies configured. */
  body_id: string | null;
  /** Why a moderator rejected it, from the fixed list; null if not rejected, or rejected before the list (issue 41, item 3). */
  reject_reason: RejectReason | null;
  /** `not_responsible`: where the moderator said to report it instead. */
  reject_where: string | null;
  media: StoredMedia[];
}

/**
 * A new request: its status follows its detailed status, and only a moderator makes it a
 * duplicate. Without bodies there is no body to name.
 */
export type NewServiceRequest = Omit<ServiceRequestRecord, 'status' | 'duplicate_of' | 'body_id' | 'reject_reason' | 'reject_where'> & {
  body_id?: string | null;
  /** The API key that created it (never presented): its caller lists it by id before publication. None for bulk loads. */
  api_key_id?: number | null;
};

/** A listing query after validation; every bound is inclusive, times in epoch ms. */
export interface ServiceRequestQuery {
  ids?: string[];
  serviceCodes?: string[];
  statuses?: ('open' | 'closed')[];
  requestedFrom?: number;
  requestedTo?: number;
  updatedFrom?: number;
  updatedTo?: number;
  serviceObject?: { type: string; id?: string };
  near?: { lat: number; long: number; radiusMeters: number };
  /** Only requests assigned to one of these bodies (a jurisdiction_id, a moderator's bodies). */
  bodyIds?: string[];
  /** Listings show only published requests unless a moderator asks otherwise. */
  moderation: ModerationState[];
  /** Also the requests this API key created, whatever their moderation (a caller's own, by id). */
  createdWithKey?: number;
  limit: number;
}

/** A moderator's list: one moderation state, keyset-paged by (requested_at, id). */
export interface ModerationListQuery {
  moderation: ModerationState;
  order: 'oldest' | 'newest';
  limit: number;
  /** Continue after this request (exclusive), in the list's order. */
  after?: { requested_at: number; service_request_id: string };
  /** Only requests assigned to one of these bodies (a moderator's); absent: all (an administrator). */
  bodyIds?: string[];
  /** Only requests with this flag (shared/moderation/wire.ts); likely duplicates are found by moderation/duplicates.ts, not stored. */
  flag?: StoredModerationFlag;
  /** The time `overdue` is judged at (epoch ms); needed with that flag. */
  now?: number;
  /** The signed-in moderator, whose reports `assigned_to_me` lists; needed with that flag. */
  moderator?: string;
}

/** The flags the store answers from its own rows. */
export type StoredModerationFlag = Exclude<ModerationFlag, 'possible_duplicate'>;

/**
 * What a listing needs to know of a request before it renders it: which, and which version of it.
 * The revision moves whenever anything a listing shows of the request changes: its row, media or
 * public history. A tuple, as the drivers give rows as arrays: a listing reads 200 of them per
 * uncached request, and building an object per row was most of that read's cost.
 */
export type ListingEntry = [service_request_id: string, service_code: string, revision: number];

export interface ServiceRequestRepository {
  /**
   * Stores a request. With an email on the request and `receipt`, the reporter is subscribed to
   * its updates and the receipt queued, in the same transaction. `forward`: its forward job,
   * queued in the same transaction (ForwardStore), when its body takes reports before moderation.
   * `idempotencyKey`: the submission's key with its answer, recorded in the same transaction, so
   * no crash between the two lets a retry with the key make a second report. `audit`: the
   * moderator's entry when staff recorded it for a caller, in the same transaction.
   */
  create(request: NewServiceRequest, receipt?: RecipientMessage, options?: { forward?: ForwardOrder; idempotencyKey?: KeyCompletion; audit?: NewAuditEntry }): Promise<void>;
  /** Inserts many at once (demo data, benchmarks); one transaction. */
  createMany(requests: NewServiceRequest[]): Promise<void>;
  find(id: string): Promise<ServiceRequestRecord | undefined>;
  query(query: ServiceRequestQuery): Promise<ServiceRequestRecord[]>;
  /** The same requests as `query`, in its order, as entries read from the index. */
  listingEntries(query: ServiceRequestQuery): Promise<ListingEntry[]>;
  count(): Promise<number>;
  /** Changes whenever any request is written, by this process or another on the same store. */
  changeToken(): Promise<string>;
  /**
   * Changes whenever a request published before or after the write is written (its row, media or
   * public history), by any process: what a public listing (moderation published) can show.
   */
  publicChangeToken(): Promise<string>;
  listByModeration(query: ModerationListQuery): Promise<ServiceRequestRecord[]>;
  /** How many requests are in this state; with `bodyIds`, only those assigned to one of these bodies. */
  countByModeration(moderation: ModerationState, bodyIds?: string[]): Promise<number>;
  /**
   * How many published requests are overdue at `now` (shared/moderation/deadlines.ts), by body id
   * ('' for requests of no body): one row per body, read through the overdue index (0025).
   */
  countOverdueByBody(now: number): Promise<Map<string, number>>;
}

export interface ApiKeyRecord {
  id: number;
  name: string;
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
}

export interface ApiKeyRepository {
  /** Stores the key's hash; the key itself is never stored. */
  create(name: string, keyHash: string, keyPrefix: string, now: number): Promise<ApiKeyRecord>;
  findActiveByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  list(): Promise<ApiKeyRecord[]>;
  revoke(idOrName: string, now: number): Promise<number>;
}

export interface ServiceObjectRecord {
  service_object_type: string;
  service_object_id: string;
  kind: string;
  lat: number;
  long: number;
  names: { fi: string; sv: string; en: string };
  address: string;
}

export interface ServiceObjectSearch {
  /** Matched against the names in every language, case-insensitively. */
  text?: string;
  near?: { lat: number; long: number; radiusMeters: number };
  limit: number;
}

export interface ServiceObjectRepository {
  find(type: string, id: string): Promise<ServiceObjectRecord | undefined>;
  /** Nearest first when `near` is given, else by English name. */
  search(search: ServiceObjectSearch): Promise<{ object: ServiceObjectRecord; distanceMeters?: number }[]>;
  upsertMany(objects: ServiceObjectRecord[]): Promise<void>;
  count(): Promise<number>;
  /** Changes whenever any service object is written, by this process or another on the same store. */
  changeToken(): Promise<string>;
}

export interface SettingsRepository {
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  /** Stores `value` unless the setting exists; answers what is stored afterwards. */
  putIfAbsent(name: string, value: string): Promise<string>;
  /** Stores `value` only while the setting still holds `expected`; answers what is stored afterwards. */
  replace(name: string, expected: string, value: string): Promise<string | undefined>;
}
