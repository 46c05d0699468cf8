/**
 * Residents' updates on a published request (issue 28): text, an optional photo, and from its
 * reporter "it is fixed" / "it is still there". Stored pending; a moderator publishes or rejects
 * each (the decision commits with the request's change: PlannedChange.residentUpdate). The
 * poster's name and address stay here: the name is shown only when they chose so, the address
 * never.
 */
import type { NewOutboxMessage } from './outbox';

export type ResidentUpdateState = 'fixed' | 'still_there';
export type ResidentUpdateModeration = 'pending' | 'published' | 'rejected';

export interface NewResidentUpdate {
  id: string;
  service_request_id: string;
  /** The request's body when posted, for the moderators' scope; null with no bodies. */
  body_id: string | null;
  text: string;
  /** The stored photo's file name in the media store; null without one. */
  media_file: string | null;
  name: string | null;
  show_name: boolean;
  email: string | null;
  locale: string;
  /** Only ever set for the request's reporter (the proxy vouched for the address). */
  state: ResidentUpdateState | null;
  created_at: number;
  /** Posted by another system (servicerequestupdates): whose (its API key's SHA-256) and its own id for the update. */
  client?: ResidentUpdateClient | null;
}

/** The caller and its own id for an update: one update per pair. */
export interface ResidentUpdateClient {
  scope: string;
  update_id: string;
}

export interface ResidentUpdateRecord extends NewResidentUpdate {
  moderation: ResidentUpdateModeration;
  moderated_at: number | null;
  moderated_by: string | null;
}

/** A published update as the public history shows it: the name only when the poster chose to show it. */
export interface PublicResidentUpdate {
  id: string;
  text: string;
  media_file: string | null;
  shown_name: string | null;
  state: ResidentUpdateState | null;
}

/** A moderator's decision on a pending update, written inside the request's change. */
export interface ResidentUpdateDecision {
  id: string;
  moderation: 'published' | 'rejected';
  at: number;
  by: string;
}

export interface ResidentUpdateRepository {
  /**
   * The update, and the poster's receipt when they gave an address, in one transaction. Answers
   * the stored update's id: `update.id`, or, when its `client` pair is taken already (a repeat
   * racing the first), the first update's id, with nothing written.
   */
  create(update: NewResidentUpdate, receipt?: NewOutboxMessage): Promise<string>;
  find(id: string): Promise<ResidentUpdateRecord | undefined>;
  /** The update a caller posted under its own id, if any. */
  findByClient(client: ResidentUpdateClient): Promise<ResidentUpdateRecord | undefined>;
  /** Pending updates oldest first; with `bodyIds`, only those of requests of those bodies (a moderator's view). */
  listPending(query: { limit: number; bodyIds?: readonly string[] }): Promise<ResidentUpdateRecord[]>;
}
