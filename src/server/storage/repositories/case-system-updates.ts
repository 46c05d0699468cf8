/**
 * mySociety's servicerequestupdates between Kerro and a body's case system (issue 40, item 8):
 * which of its updates Kerro has applied (by the case system's update_id, so each counts once),
 * and the updates Kerro owes it (a reporter's reopen, a resident's published update, a
 * moderator's note), on a leased queue like the forwards: queued
 * in the transaction of the change they tell (PlannedChange.caseSystemUpdate), sent with their
 * id as Idempotency-Key and update_id_ext, so a lost answer's resend is taken once.
 */

/**
 * What an update tells: the reporter's reopen (the only one with the reporter's contact fields),
 * a resident's published update, a moderator's note for the body.
 */
export type CaseSystemUpdateKind = 'reopen' | 'resident_update' | 'moderator_note';

/** An update to tell a body's case system, as a sender decided it (forwarding/senders/). */
export interface NewCaseSystemUpdate {
  body_id: string;
  kind: CaseSystemUpdateKind;
  /** The extension's status word, e.g. `reopen`. */
  status: string;
  /** Public text only: what the case system may show. */
  description: string;
  /** A public link to its photo (a resident's update's); null when none. */
  media_url: string | null;
}

/** A queued update as the update sender holds it after `claim`. */
export interface CaseSystemUpdateJob extends NewCaseSystemUpdate {
  /** Stable for the job's life: Idempotency-Key and update_id_ext. */
  id: string;
  service_request_id: string;
  created_at: number;
  /** Attempts so far, this one included once claimed. */
  attempts: number;
}

/** A queued update as an operator sees it: never its text. */
export interface CaseSystemUpdateEntry {
  id: string;
  service_request_id: string;
  body_id: string;
  kind: CaseSystemUpdateKind;
  status: string;
  created_at: number;
  attempts: number;
  sent_at: number | null;
  failed_at: number | null;
  last_error: string | null;
  /** The case system's update_id, once it took it. */
  remote_update_id: string | null;
}

/** A case system's update Kerro has dealt with (applied it, found nothing to change, or posted it there itself). */
export interface SeenCaseSystemUpdate {
  body_id: string;
  update_id: string;
  service_request_id: string;
}

export interface CaseSystemUpdateStore {
  /** Of these update ids of the body's case system, those seen already. */
  seen(bodyId: string, updateIds: readonly string[]): Promise<Set<string>>;
  /** Records an update as seen (again is a no-op). */
  markSeen(update: SeenCaseSystemUpdate, now: number): Promise<void>;

  /** Ids of updates due now: not sent, not given up, not leased. */
  listDue(now: number, limit: number): Promise<string[]>;
  /** Leases a due update until `leaseUntil` and counts the attempt; undefined when another sender has it or it is no longer due. */
  claim(id: string, now: number, leaseUntil: number): Promise<CaseSystemUpdateJob | undefined>;
  retryLater(id: string, retryAt: number, error: string): Promise<void>;
  giveUp(id: string, now: number, error: string): Promise<void>;
  /**
   * The case system took it: ends the job and records its update_id as seen, so the poller never
   * reads Kerro's own update back as the case system's news. Throws when the job is not unsent
   * (a second sender whose lease had run out).
   */
  end(id: string, now: number, remoteUpdateId: string | null): Promise<void>;
  /** Oldest first, for operators and tests. */
  list(query: { limit: number; serviceRequestId?: string }): Promise<CaseSystemUpdateEntry[]>;
}
