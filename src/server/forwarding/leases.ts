/**
 * How long an instance holds a body's poll or a report's send (issue 39, item 10). A lease is what
 * every other instance waits out when its holder dies mid-work, so each is as short as the work
 * it covers allows, and that work is bounded to fit inside it: a live holder never loses it.
 */

/** How long one answer of a case system may take: a poll's GET, a send's lookup or POST (photos included). */
export const caseSystemTimeoutMs = 30_000;

/** Kerro's own part around the asks: reading the report and its photos, writing what an answer brought, ending the lease. */
const storeMarginMs = 30_000;

export interface PollLeaseTimes {
  /** How long the lease holds from its start. */
  leaseMs: number;
  /** A pass starts no ask later than this after the lease began; the rest waits for the next pass. */
  askingMs: number;
}

/**
 * A body's poll: a pass asks for at most one poll interval, then the last ask may take its
 * timeout and its answer be written. So a poller that died holds its body about one interval
 * longer than a live one would (60 s: 2 min; the default 5 min: 6 min), and a backlog is
 * worked off an interval's worth at a time (polled_until records how far a pass got).
 */
export function pollLeaseTimes(intervalMs: number, timeoutMs = caseSystemTimeoutMs): PollLeaseTimes {
  return { leaseMs: intervalMs + timeoutMs + storeMarginMs, askingMs: intervalMs };
}

/**
 * A report's send: at most two asks (the lookup of an uncertain job, then the POST), each within
 * its timeout, and the job's ending transaction. A sender that died holds the report this long
 * before another instance sends it (90 s with the 30 s timeout).
 */
export function sendLeaseMs(timeoutMs = caseSystemTimeoutMs): number {
  return 2 * timeoutMs + storeMarginMs;
}

/** How a leased sender (a report's forward, an update owed to a case system) is timed and retried; the defaults are each sender's. */
export interface LeasedSenderTiming {
  env?: NodeJS.ProcessEnv;
  now?: () => number;
  pollIntervalMs?: number;
  /** By default sendLeaseMs: a lookup and a POST within their timeouts, and the ending. */
  leaseMs?: number;
  maxAttempts?: number;
  retryDelayMs?: (attempt: number) => number;
}
