/**
 * Residents signed in by email (issue 28, "My reports" without a password): one-time sign-in
 * links and sessions, each kept only as the SHA-256 of its token; and what a signed-in address
 * may see and change of its own: the requests it reported, the ones it follows, its emails.
 * Addresses are compared lower-cased; nothing here ever answers for another address.
 */
import type { ModerationState } from './core';
import type { NewOutboxMessage } from './outbox';

export interface NewResidentSignIn {
  token_hash: string;
  /** Lower-cased. */
  email: string;
  created_at: number;
  expires_at: number;
}

export interface ResidentSessionRecord {
  id: string;
  email: string;
  created_at: number;
  expires_at: number;
}

/** A request as its reporter or a follower sees it in their list. */
export interface ResidentRequest {
  service_request_id: string;
  service_code: string;
  title: string;
  status: 'open' | 'closed';
  detailed_status: string[];
  requested_at: number;
  updated_at: number;
}

export interface ResidentReport extends ResidentRequest {
  /** A reporter sees their own report in every moderation state. */
  moderation: ModerationState;
  /** Whether the reporter still gets its update emails. */
  updates: boolean;
  /** The names the reporter gave with it ('' when none). */
  first_name: string;
  last_name: string;
  /** The original a moderator merged it into: its reporter then follows that one instead. */
  duplicate_of: string | null;
}

export interface ResidentRepository {
  /**
   * Stores a sign-in link's token hash and queues its email, in one transaction; links that
   * ended a day ago are forgotten.
   */
  startSignIn(signIn: NewResidentSignIn, message: NewOutboxMessage): Promise<void>;
  /**
   * Uses a link once, atomically: the address it was sent to, or undefined when there is no
   * such link, it was used already or it has expired. Of two callers at once only one gets it.
   */
  consumeSignIn(tokenHash: string, now: number): Promise<string | undefined>;
  /** A new session; ended sessions are forgotten. */
  createSession(session: ResidentSessionRecord): Promise<void>;
  /** The session by its token's hash, while it lasts. */
  findSession(id: string, now: number): Promise<ResidentSessionRecord | undefined>;
  deleteSession(id: string): Promise<void>;
  /**
   * Whether this address is known to be its owner's (issue 39, item 7d): a sign-in link sent to it
   * was used (while that is remembered, a day after it ended) or its session lasts, or a follow or
   * an alert of it was confirmed by its emailed link. Until then emails to it quote nothing a
   * stranger could have written.
   */
  isConfirmedAddress(email: string, now: number): Promise<boolean>;
  /** The requests reported with this address, newest first, in any moderation state. */
  reportsOf(email: string): Promise<ResidentReport[]>;
  /** The published requests this address follows (confirmed, not unsubscribed), newest first. */
  followsOf(email: string): Promise<ResidentRequest[]>;
  /**
   * Update emails for every report of this address on or off; not for a merged duplicate, whose
   * reporter hears from its original instead.
   */
  setReportUpdates(email: string, on: boolean, now: number): Promise<void>;
  /** Stops this address following a request; false when it did not follow it. */
  unfollow(email: string, serviceRequestId: string, now: number): Promise<boolean>;
}
