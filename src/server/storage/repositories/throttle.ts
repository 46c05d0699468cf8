/**
 * Counters that must agree across every instance behind a load balancer: sign-in attempts and
 * request rates. They live in the store, never in one process's memory.
 */

export type LoginReservation = { allowed: true; attempt: string } | { allowed: false; retryAt: number };

export interface LoginThrottleRepository {
  /**
   * Atomically, before any password is checked: when every scope has had fewer than `max`
   * attempts since `now - windowMs`, records one attempt in each scope and allows it; otherwise
   * records nothing and says when the oldest attempt that keeps the scope full leaves the window.
   * However many sign-ins arrive at once, at most `max` per scope and window get verified.
   */
  reserve(scopes: readonly string[], now: number, windowMs: number, max: number): Promise<LoginReservation>;
  /** The attempt succeeded: it no longer counts anywhere. */
  forgetAttempt(attempt: string): Promise<void>;
  /** Forgets every attempt in a scope (a successful sign-in clears the name's failures). */
  clearScope(scope: string): Promise<void>;
}

export interface RateLimitRepository {
  /**
   * Counts one hit for `key` in its current fixed window (a window starts at the first hit and
   * lasts `windowMs`); answers the hits so far in that window and when it ends.
   */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
}
