import { ModerationApiError } from './errors';
import type { LoginLimit, LoginThrottleRepository } from '../storage/repositories/types';

/**
 * Sign-in attempts, counted in the store (so every instance behind a load balancer shares the
 * count) and reserved atomically before the password is checked, so parallel guesses cannot all
 * slip in under a limit. Guessing is throttled without handing anyone a lockout (OWASP ASVS
 * 2.2.1, NIST SP 800-63B 5.2.2):
 *
 * - Per address (`LOGIN_MAX_FAILURES` per `LOGIN_WINDOW_MINUTES`, any name): an address that
 *   keeps failing is refused hard. It locks out only itself.
 * - Per name, from all addresses together: at most 60 attempts in any hour, so at most 1,440 in
 *   any day, however many addresses guess (≤ 1,500 a day, as the issue asks).
 * - Lanes, so that budget cannot be used up against the owner: an address with no attempt on the
 *   name in the last day takes the *fresh* lane (one attempt per address and day, limited only by
 *   the name's 60 an hour); every further attempt from an address on that name takes the
 *   *suspect* lane, where all such addresses together get 12 an hour. Addresses that keep failing
 *   therefore fill at most 12 of the name's 60, and the owner from an address with no failures
 *   signs in at once. To lock the owner out an attacker must spend 48 addresses (IPv6 /64s) an
 *   hour that have not tried that name for a day, over 1,100 a day; no scheme that keeps a
 *   per-name bound can do better against unlimited addresses (theirs look like the owner's), and
 *   there the bound wins: it is the one that protects the password.
 * - A success takes its own attempt back and clears its own address's failures on the name, not
 *   the name's count (else each sign-in of the owner would reset the attacker's budget).
 *
 * Each lane is one atomic reservation; the fresh one is tried first and holds one attempt per
 * address, so a burst from one new address gets one fresh attempt and the rest go suspect.
 */
export interface LoginLimits {
  /** Per address, any name. */
  maxFailures: number;
  windowMs: number;
}

const hour = 3_600_000;
const day = 24 * hour;
/** Every attempt on one name, any lane: 60 an hour is at most 1,440 in any 24 hours. */
export const nameAttemptsPerHour = 60;
/** Attempts on one name from addresses that already tried it within a day, all together. */
export const suspectAttemptsPerHour = 12;

/** The limits of each lane for one attempt; `address` as counted (loginAddressKey). */
export function loginLanes(address: string, name: string, limits: LoginLimits): { fresh: LoginLimit[]; suspect: LoginLimit[]; ownFailures: string } {
  // The address has no spaces or '|', so these scopes cannot collide whatever the name is.
  const perAddress = { scope: `ip:${address}`, windowMs: limits.windowMs, max: limits.maxFailures };
  const pair = `pair:${address}|${name}`;
  const perName = { scope: `name:${name}`, windowMs: hour, max: nameAttemptsPerHour };
  return {
    fresh: [perAddress, { scope: pair, windowMs: day, max: 1 }, perName],
    suspect: [perAddress, { scope: pair, windowMs: limits.windowMs, max: limits.maxFailures }, perName, { scope: `suspect:${name}`, windowMs: hour, max: suspectAttemptsPerHour }],
    ownFailures: pair,
  };
}

export function createLoginLimiter(throttle: LoginThrottleRepository, limits: LoginLimits) {
  return {
    /** Reserves one attempt in the fresh lane, else the suspect lane, or throws 429 before any password work. */
    async reserve(address: string, name: string, now: number): Promise<string> {
      const lanes = loginLanes(address, name, limits);
      const fresh = await throttle.reserve(lanes.fresh, now);
      if (fresh.allowed) return fresh.attempt;
      const suspect = await throttle.reserve(lanes.suspect, now);
      if (suspect.allowed) return suspect.attempt;
      // The sooner of the two lanes to open.
      const retryAt = Math.min(fresh.retryAt, suspect.retryAt);
      const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
      throw new ModerationApiError(429, 'too_many_attempts', `too many failed sign-ins; try again in ${seconds} seconds`, {
        retryAfterSeconds: seconds,
      });
    },
    /** The reserved attempt was right: it stops counting, and so do this address's earlier failures on the name. */
    async succeeded(attempt: string, address: string, name: string): Promise<void> {
      await throttle.forgetAttempt(attempt);
      await throttle.clearScope(loginLanes(address, name, limits).ownFailures);
    },
  };
}
