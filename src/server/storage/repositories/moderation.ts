import type { AuditAction } from '../../../shared/moderation/audit-actions';
import type { ServiceRequestRecord } from './core';
import type { HistoryEvent, RecipientMessage } from './follow';
import type { NewCaseSystemUpdate } from './case-system-updates';
import type { ForwardOrder } from './forwards';
import type { NewOutboxMessage } from './outbox';
import type { ResidentUpdateDecision } from './resident-updates';
import type { QuestionnaireAnswer } from './questionnaires';

/** Storage of moderation: accounts, sessions, the audit log, and changes to requests. */
export interface ModeratorRecord {
  id: number;
  name: string;
  created_at: number;
  disabled_at: number | null;
  /**
   * The bodies whose requests the moderator sees and acts on, by id. None: an administrator, who
   * sees every request (every moderator of an installation without bodies is one).
   */
  bodies: string[];
}

export interface ModeratorCredentials extends ModeratorRecord {
  password_hash: string;
}

export interface SessionRecord {
  /** SHA-256 of the cookie's token. */
  id: string;
  moderator_id: number;
  moderator_name: string;
  /** The moderator's bodies as they are now (ModeratorRecord.bodies); none: an administrator. */
  moderator_bodies: string[];
  csrf_token: string;
  created_at: number;
  expires_at: number;
}

export interface AuditEntry {
  id: number;
  at: number;
  moderator: string;
  /** One of auditActions when written by this version; a row from another version may hold another. */
  action: string;
  service_request_id: string | null;
  /** What changed, never the personal or free-text values themselves. */
  details: Record<string, unknown>;
}

/** What the server writes: an action of the one list (shared/moderation/audit-actions.ts), which the console words. */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'action'> & { action: AuditAction };

/** Which entries GET /audit lists (issue 41, item 10); each absent filter admits every entry. */
export interface AuditQuery {
  limit: number;
  beforeId?: number;
  serviceRequestId?: string;
  bodyIds?: readonly string[];
  /** Written by this moderator (or actor: 'reporter', 'resident', 'case system'), by exact name. */
  moderator?: string;
  action?: AuditAction;
  /** Epoch ms: entries at or after `from` and before `until`. */
  from?: number;
  until?: number;
}

/** What a change is decided from, read inside the change's transaction. */
export type ModerationSnapshot = Pick<
  ServiceRequestRecord,
  | 'service_request_id'
  | 'service_code'
  | 'title'
  | 'description'
  | 'moderation'
  | 'status'
  | 'detailed_status'
  | 'status_notes'
  | 'email'
  | 'locale'
  | 'external_media_url'
  | 'requested_at'
  | 'updated_at'
  | 'lat'
  | 'long'
  | 'duplicate_of'
  | 'media'
  | 'body_id'
  | 'reject_reason'
  | 'reject_where'
>;

export type RequestFieldChanges = Partial<
  Pick<
    ServiceRequestRecord,
    | 'title'
    | 'description'
    | 'moderation'
    | 'detailed_status'
    | 'status_notes'
    | 'external_media_url'
    | 'updated_at'
    | 'service_code'
    | 'lat'
    | 'long'
    | 'duplicate_of'
    | 'body_id'
    | 'agency_responsible'
    | 'reject_reason'
    | 'reject_where'
  >
>;

/** A change and everything that must commit with it. */
export interface PlannedChange {
  set: RequestFieldChanges;
  removeMediaPosition?: number;
  audit: Omit<NewAuditEntry, 'service_request_id'>;
  /** One message to one address. */
  notification?: NewOutboxMessage;
  /** One message to each active subscriber of the request (reporter and confirmed followers, each address once). */
  notify?: RecipientMessage;
  /** An address `notify` leaves out (lower-cased): a resident's update is not sent back to its poster. */
  notifyExcept?: string;
  /**
   * A moderator's decision on a pending resident update of this request, written with the change;
   * the change fails with ResidentUpdateNotPending when the update is no longer pending.
   */
  residentUpdate?: ResidentUpdateDecision;
  /** Public history entries the change adds. */
  history?: HistoryEvent[];
  /**
   * Makes the request a duplicate of the related one: its active subscribers (reporter and
   * confirmed followers) follow the related request instead, each address told once by `message`
   * (written for its subscription there); `audit` goes on the related request's log.
   */
  mergeInto?: { message: RecipientMessage; audit: Omit<NewAuditEntry, 'service_request_id'> };
  /** A publication: queue this forward job (ForwardStore) unless the request has one. */
  forward?: ForwardOrder;
  /** The forward job ends here: the case system took the report (`remote_id`, null for email). */
  forwarded?: { remote_id: string | null };
  /** A case-system update applied: its `updated_datetime` (epoch ms) is kept, so an older one is never applied after it. */
  remoteUpdatedAt?: number;
  /** A mySociety case system's update applied: its update_id, so it is never applied again. */
  seenUpdate?: { body_id: string; update_id: string };
  /** An update the request's body's case system must hear (a reporter's reopen): queued with the change. */
  caseSystemUpdate?: NewCaseSystemUpdate;
  /**
   * The reporter's answer to the request's questionnaire (issue 28), recorded with the change;
   * the change rolls back with QuestionnaireAnsweredError when it was answered already.
   */
  questionnaireAnswer?: { id: number; answer: QuestionnaireAnswer };
}

export interface AppliedChange {
  /** The photo whose row was removed; the caller deletes the file after the commit. */
  removedMediaFile?: string;
  notificationQueued: boolean;
}

/**
 * Decides the change from the current state (and the related request's, when the change names
 * one; undefined when there is no such request); may throw to refuse it, or return undefined for
 * "nothing to do".
 */
export type ChangePlan = (current: ModerationSnapshot, related?: ModerationSnapshot) => PlannedChange | undefined;

export interface ModerationRepository {
  /** undefined when the name is taken. With `bodyIds`, the moderator and their bodies are stored together. */
  createModerator(name: string, passwordHash: string, now: number, bodyIds?: readonly string[]): Promise<ModeratorRecord | undefined>;
  findModerator(name: string): Promise<ModeratorCredentials | undefined>;
  listModerators(): Promise<ModeratorRecord[]>;
  /** Also ends the moderator's sessions. False when there is no such moderator. */
  setPassword(name: string, passwordHash: string): Promise<boolean>;
  /** null enables; a time disables and ends the moderator's sessions. */
  setDisabled(name: string, disabledAt: number | null): Promise<boolean>;
  /**
   * Replaces the moderator's bodies (none: an administrator); their sessions see the change at
   * their next request. Whether the ids name bodies is the caller's to check. False when there is
   * no such moderator.
   */
  setModeratorBodies(name: string, bodyIds: readonly string[]): Promise<boolean>;

  /** Stores a session and drops expired ones. */
  createSession(session: Omit<SessionRecord, 'moderator_name' | 'moderator_bodies'>): Promise<void>;
  /** The session if it exists, has not expired and its moderator is not disabled. */
  findActiveSession(id: string, now: number): Promise<SessionRecord | undefined>;
  deleteSession(id: string): Promise<void>;

  recordAudit(entry: NewAuditEntry): Promise<void>;
  /**
   * Newest first. With `bodyIds`, only entries naming a request of one of those bodies (a
   * moderator's view); sign-ins and requests without a body are left out.
   */
  listAudit(query: AuditQuery): Promise<AuditEntry[]>;
}

/** Changes that span repositories, each committed whole or not at all. */
export interface UnitOfWork {
  /**
   * Reads the request, lets `plan` decide, and writes the request's change, a removed photo's
   * row, the audit row and the outbox message in one transaction. undefined when there is no
   * such request. With `relatedId`, that request is read and locked too (a duplicate's original),
   * so neither changes under the plan.
   */
  changeRequest(serviceRequestId: string, plan: ChangePlan, relatedId?: string): Promise<AppliedChange | undefined>;
}
