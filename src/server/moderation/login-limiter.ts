import { ModerationApiError } from './errors';
import type { LoginThrottleRepository } from '../storage/repositories/types';

/**
 * Sign-in attempts, counted per client address and per name in the store (so every instance
 * behind a load balancer shares the count). Each attempt is reserved atomically before the
 * password is checked, so parallel guesses cannot all slip in under the limit: at most
 * `maxFailures` verifications per scope and window, however many arrive at once. A success
 * takes its own attempt back and clears the name's failures.
 *
 * The per-name limit means someone can lock a moderator out for one window by failing on
 * purpose; that is the price of stopping password guessing from many addresses.
 */
export interface LoginLimits {
  maxFailures: number;
  windowMs: number;
}

export function loginScopes(ip: string, name: string): string[] {
  return [`ip:${ip}`, `name:${name}`];
}

export function createLoginLimiter(throttle: LoginThrottleRepository, limits: LoginLimits) {
  return {
    /** Reserves one attempt in every scope, or throws 429 before any password work. */
    async reserve(scopes: string[], now: number): Promise<string> {
      const reservation = await throttle.reserve(scopes, now, limits.windowMs, limits.maxFailures);
      if (reservation.allowed) return reservation.attempt;
      const seconds = Math.max(1, Math.ceil((reservation.retryAt - now) / 1000));
      throw new ModerationApiError(429, 'too_many_attempts', `too many failed sign-ins; try again in ${seconds} seconds`, {
        retryAfterSeconds: seconds,
      });
    },
    /** The reserved attempt was right: it stops counting, and so do the name's earlier failures. */
    async succeeded(attempt: string, nameScope: string): Promise<void> {
      await throttle.forgetAttempt(attempt);
      await throttle.clearScope(nameScope);
    },
  };
}
