/**
 * Forwarding (issue 27): each report whose body receives reports outside Kerro's console (by a
 * method of forwarding/senders/ that forwards) has one forward job, queued in the same
 * transaction as its publication (or its creation, for a body with `"premoderation": false`),
 * leased to a sender, retried with backoff, and ended in the same transaction that records the
 * case system's id and appends PUBLIC_WORKS_NEW (PlannedChange.forwarded). Status comes back by
 * polling each case system that gives it, one instance at a time (a lease per body).
 */

/** A forward job to queue, as forwarding/forward-decision.ts decided it: storage queues what it is told. */
export interface ForwardOrder {
  body_id: string;
  /** The body's send method (forwarding/senders/). */
  method: string;
}

/** A job as a sender holds it after `claim`. */
export interface ForwardJob {
  service_request_id: string;
  body_id: string;
  method: string;
  /**
   * Stable for the job's life: sent as `Idempotency-Key` on every attempt, so a case system that
   * honours it creates the report once however often the answer is lost.
   */
  idempotency_key: string;
  /** Attempts so far, this one included once claimed. */
  attempts: number;
  created_at: number;
  /** Set when an earlier attempt's answer was lost after the request may have reached the case system. */
  uncertain: boolean;
}

/** A job as an operator and the moderation console see it: never the report's texts or contacts. */
export interface ForwardEntry {
  service_request_id: string;
  body_id: string;
  method: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  /** Epoch ms when the case system took it; null until then. */
  sent_at: number | null;
  /** Epoch ms when it was given up; null while pending or sent. */
  failed_at: number | null;
  /** The case system's last error, as the sender worded it (never a key). */
  last_error: string | null;
  /** Epoch ms until which a sender holds it (sending it now, or dead): no other sends it before; null when none has. */
  locked_until: number | null;
  /** The case system's id of the report, once sent; null for a method that gives none (email). */
  remote_id: string | null;
  /** The newest case-system `updated_datetime` applied to the request (epoch ms); null before any. */
  remote_updated_at: number | null;
}

export interface ForwardSummary {
  /** Not sent and not given up. */
  pending: number;
  failed: number;
  oldestPendingAt: number | null;
}

/** A forwarded report the poller follows: Kerro's id, the case system's, and what was applied last. */
export interface ForwardedReport {
  service_request_id: string;
  remote_id: string;
  remote_updated_at: number | null;
}

/** A body's polling state, leased to one instance at a time. */
export interface PollLease {
  body_id: string;
  /** The end of the last window fully applied (epoch ms); null before the first poll. */
  polled_until: number | null;
}

/** A body's polling as an operator sees it. */
export interface PollState {
  body_id: string;
  /** Epoch ms until which an instance holds the body's poll (polling it now, or dead); null when none does. */
  locked_until: number | null;
  /** When the last poll that applied its window ended (epoch ms); null before any. */
  last_polled_at: number | null;
  /** The case system's error at the last failed poll; null after one that worked. */
  last_error: string | null;
}

export interface ForwardStore {
  /** Request ids of jobs due now: not sent, not given up, not leased. */
  listDue(now: number, limit: number): Promise<string[]>;
  /** Leases a due job until `leaseUntil` and counts the attempt; undefined when another sender has it or it is no longer due. */
  claim(serviceRequestId: string, now: number, leaseUntil: number): Promise<ForwardJob | undefined>;
  /**
   * Not taken this time. `uncertain`: the request may have reached the case system (a timeout, a
   * reset connection, a 5xx), so the next attempt looks the report up before sending again.
   */
  retryLater(serviceRequestId: string, retryAt: number, error: string, uncertain: boolean): Promise<void>;
  giveUp(serviceRequestId: string, now: number, error: string): Promise<void>;
  summary(): Promise<ForwardSummary>;
  /** Oldest first; `failedOnly` for those given up; `pendingOnly` for those neither sent nor given up. */
  list(query: { limit: number; failedOnly?: boolean; pendingOnly?: boolean; bodyId?: string }): Promise<ForwardEntry[]>;
  /** The job of these requests, for the moderation console (requests without one are absent). */
  findFor(serviceRequestIds: readonly string[]): Promise<Map<string, ForwardEntry>>;
  /** Puts given-up jobs (all, or the one request's) back in the queue, due `now`, with fresh attempts. Returns how many. */
  retryFailed(now: number, serviceRequestId?: string): Promise<number>;

  /** Forwarded reports of a body, by the case system's ids (those Kerro never sent are absent). */
  findByRemoteIds(bodyId: string, remoteIds: readonly string[]): Promise<ForwardedReport[]>;
  /**
   * Forwarded reports of a body to ask for by id, oldest sent first: those no window's listing has
   * shown since they were sent, less those asked by id at or after `checkedAfter` with nothing new.
   */
  listUnseen(bodyId: string, query: { checkedAfter: number; limit: number }): Promise<ForwardedReport[]>;
  /** A window's listing showed these reports of the body (the case system's ids) at `now`: the windows follow them from now on. */
  markListed(bodyId: string, remoteIds: readonly string[], now: number): Promise<void>;
  /** These reports were asked by id: `now` when nothing new came back (rest an hour), null when something did (ask again next pass). */
  markChecked(serviceRequestIds: readonly string[], checkedAt: number | null): Promise<void>;
  /** Leases the body's polling until `leaseUntil`; undefined when another instance holds it. */
  claimPoll(bodyId: string, now: number, leaseUntil: number): Promise<PollLease | undefined>;
  /** Ends this instance's lease, recording the window applied (`polledUntil`) or the case system's error. */
  releasePoll(bodyId: string, outcome: { polledUntil: number } | { error: string }): Promise<void>;
  /** Every body polled so far, by id. */
  listPolls(): Promise<PollState[]>;
}
