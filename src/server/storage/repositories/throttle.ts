/**
 * Counters that must agree across every instance behind a load balancer: sign-in attempts and
 * request rates. They live in the store, never in one process's memory.
 */

export type LoginReservation = { allowed: true; attempt: string } | { allowed: false; retryAt: number };

/** One limit an attempt must fit: fewer than `max` attempts recorded in `scope` within `windowMs` before it. */
export interface LoginLimit {
  scope: string;
  windowMs: number;
  max: number;
}

/** Attempts are kept for a day: no limit's window may be longer (the throttle refuses one that is). */
export const loginAttemptRetentionMs = 24 * 3_600_000;

/** A known address (a successful sign-in from it as the name) is remembered this long after its last sign-in. */
export const loginKnownAddressRetentionMs = 90 * loginAttemptRetentionMs;

export interface LoginThrottleRepository {
  /**
   * Atomically, before any password is checked: when every limit has room (fewer than its `max`
   * attempts in its scope since `now - windowMs`), records one attempt in each scope named (once
   * per scope, however many limits name it) and allows it; otherwise records nothing and says
   * when every limit that is full will have room again. However many sign-ins arrive at once, at
   * most `max` per limit and window get verified. Attempts older than a day are forgotten.
   */
  reserve(limits: readonly LoginLimit[], now: number): Promise<LoginReservation>;
  /** The attempt succeeded: it no longer counts anywhere. */
  forgetAttempt(attempt: string): Promise<void>;
  /** Forgets every attempt in a scope (a successful sign-in clears its own address's failures). */
  clearScope(scope: string): Promise<void>;
  /**
   * Remembers that `pair` (an opaque key for an address and a name) signed in at `at`, and forgets
   * pairs whose last sign-in is `loginKnownAddressRetentionMs` or more before it.
   */
  rememberSignIn(pair: string, at: number): Promise<void>;
  /** When `pair` last signed in, if it is still remembered. */
  lastSignIn(pair: string): Promise<number | undefined>;
}

/**
 * The one judgement both backends make, under their lock: 0 when every limit has room, else the
 * time the last full limit gets room again (the window is (now - windowMs, now], so an attempt
 * leaves it exactly windowMs after it was made). `timesOf` gives a scope's attempt times within
 * the retention, oldest first.
 */
export function loginRetryAt(limits: readonly LoginLimit[], timesOf: (scope: string) => readonly number[], now: number): number {
  let retryAt = 0;
  for (const { scope, windowMs, max } of limits) {
    if (windowMs > loginAttemptRetentionMs) throw new RangeError(`a login limit's window is at most ${loginAttemptRetentionMs} ms`);
    const times = timesOf(scope).filter((at) => at > now - windowMs);
    // Room again once enough attempts have left the window to drop below the limit.
    if (times.length >= max) retryAt = Math.max(retryAt, times[times.length - max]! + windowMs);
  }
  return retryAt;
}

/**
 * The longest window a rate limit may have: rows are forgotten this long after their window
 * started, whatever the window of the hit that cleans up (a minute's hit must not end an hour's).
 */
export const rateLimitRetentionMs = 24 * 3_600_000;

export interface RateLimitRepository {
  /**
   * Counts one hit for `key` in its current fixed window (a window starts at the first hit and
   * lasts `windowMs`, at most rateLimitRetentionMs); answers the hits so far in that window and
   * when it ends.
   */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
}
