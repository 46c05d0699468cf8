/**
 * Who hears about a request's changes (the reporter, and people who follow it after a confirmed
 * double opt-in), and the request's public, dated history. Addresses stay in storage and the
 * outbox; nothing here is ever presented publicly except counts and the history.
 */
import type { NewOutboxMessage } from './outbox';
import type { PublicResidentUpdate } from './resident-updates';

export type SubscriptionRole = 'reporter' | 'follower';

export interface Subscription {
  id: number;
  service_request_id: string;
  role: SubscriptionRole;
  locale: string;
  confirmed: boolean;
  unsubscribed: boolean;
}

/** One address an email goes to, and the subscription its unsubscribe link ends. */
export interface Recipient {
  subscription_id: number;
  email: string;
  locale: string;
  role: SubscriptionRole;
}

/** Writes the email for one recipient; called inside the transaction that queues it. */
export type RecipientMessage = (recipient: Recipient) => NewOutboxMessage;

export interface FollowRequest {
  service_request_id: string;
  /** Compared case-insensitively; stored lower-cased. */
  email: string;
  locale: string;
  now: number;
}

export type FollowOutcome = 'confirmation_queued' | 'already_following' | 'no_such_request';

export interface FollowerRepository {
  /**
   * A pending follow (new, or renewed after an unsubscribe) and its confirmation email, in one
   * transaction. An address that already follows gets nothing.
   */
  requestFollow(follow: FollowRequest, confirmation: RecipientMessage): Promise<FollowOutcome>;
  /** Confirms a pending follow; an unsubscribed one stays unsubscribed. */
  confirm(id: number, now: number): Promise<Subscription | undefined>;
  unsubscribe(id: number, now: number): Promise<Subscription | undefined>;
  find(id: number): Promise<Subscription | undefined>;
  /** Confirmed followers still following (the reporter not counted). */
  countFollowers(serviceRequestId: string): Promise<number>;
}

/**
 * `forwarded`: sent to the case system of the request's body (agency_responsible);
 * `resident_update`: a resident's update a moderator published (its text, photo and shown name
 * are read from the update itself); `reopened`: the reporter said it is not fixed;
 * `confirmed_fixed`: the reporter said it is (issue 28).
 */
export type HistoryKind = 'published' | 'status' | 'note' | 'forwarded' | 'resident_update' | 'reopened' | 'confirmed_fixed';

/** A public change of a request; `received` is the request's own requested_at, never stored twice. */
export interface HistoryEvent {
  at: number;
  kind: HistoryKind;
  /** The detailed status after the change. */
  detailed_status: string[];
  /** The public note given with the change ('' when none). */
  note: string;
  /** kind `resident_update`: which update (written), and what of it the public sees (read). */
  resident_update_id?: string;
  resident_update?: PublicResidentUpdate;
}

/** One public change as servicerequestupdates lists it (georeport/request-updates.ts). */
export interface PublicChange {
  /** The history row's id: stable, and in the order the changes were written. */
  history_id: number;
  service_request_id: string;
  at: number;
  kind: HistoryKind;
  detailed_status: string[];
  note: string;
  /** The request's original, when the request is a duplicate now. */
  duplicate_of: string | null;
  /** kind `resident_update`: the published update's id, text and photo (never its poster). */
  resident_update: { id: string; text: string; media_file: string | null } | null;
}

export interface PublicChangeQuery {
  /** epoch ms, both ends included */
  from: number;
  to: number;
  kinds: readonly HistoryKind[];
  /** Only this body's requests (a jurisdiction_id's). */
  bodyId?: string;
  limit: number;
}

export interface RequestHistoryRepository {
  /** Oldest first, per request; requests without events are absent. */
  listFor(serviceRequestIds: readonly string[]): Promise<Map<string, HistoryEvent[]>>;
  /**
   * The changes within the window of every request the public may read (published, or a
   * duplicate pointing to its original), oldest first; a resident_update only once published.
   */
  listPublicChanges(query: PublicChangeQuery): Promise<PublicChange[]>;
}
