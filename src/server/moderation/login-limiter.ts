import { createHash } from 'node:crypto';
import { ModerationApiError } from './errors';
import { loginKnownAddressRetentionMs } from '../storage/repositories/throttle';
import type { LoginLimit, LoginThrottleRepository } from '../storage/repositories/types';

/**
 * Sign-in attempts, counted in the store (so every instance behind a load balancer shares the
 * count) and reserved atomically before the password is checked, so parallel guesses cannot all
 * slip in under a limit. Guessing is throttled without handing anyone a lockout (OWASP ASVS
 * 2.2.1, NIST SP 800-63B 5.2.2):
 *
 * - Per address (`LOGIN_MAX_FAILURES` per `LOGIN_WINDOW_MINUTES`, any name): an address that
 *   keeps failing is refused hard. It locks out only itself.
 * - Per name, at most 60 attempts in any hour from all addresses together, so at most 1,440 in
 *   any day however many addresses guess (≤ 1,500 a day, as issue 39 asks): 54 an hour for
 *   strangers (the fresh and suspect lanes) and 6 for known addresses, 54 × 24 + 6 × 24 = 1,440.
 * - Lanes, so that budget cannot be used up against the owner:
 *   - *known*: an address that signed in successfully as the name within 90 days (remembered in
 *     the store as the SHA-256 of address and name) has its own 6 an hour, shared only with the
 *     name's other known addresses. Strangers cannot fill it, however many addresses they have;
 *     only someone behind one of the owner's own addresses can. A typo or two from there costs
 *     the owner nothing while others hammer (issue 39, item 2).
 *   - *fresh*: an address with fewer than 3 attempts on the name in the last day, limited only by
 *     the strangers' 54 an hour. So a typo from a new address is forgiven too.
 *   - *suspect*: every further attempt; all such addresses together get 12 of the 54 an hour.
 *     Addresses that keep failing therefore fill at most 12, and one address can never starve
 *     the owner (before, one typo put the owner in this lane, which one attacker kept full).
 *   To starve the owner's fresh lane an attacker must spend 14 new addresses (IPv6 /64s) an hour
 *   on the name ((54 − 12) / 3), over 300 a day; no scheme that keeps a per-name bound can do
 *   better against unlimited addresses (theirs look like an owner's new one), and there the bound
 *   wins: it is the one that protects the password. The owner's known addresses still get in.
 * - A success takes its own attempt back, clears its own address's failures on the name and makes
 *   the address known; it does not clear the name's counts (else each sign-in of the owner would
 *   reset the attacker's budget).
 *
 * Each lane is one atomic reservation, tried in the order known (if the address is), fresh,
 * suspect; the fresh one holds 3 attempts per address and day, so a burst from one new address
 * gets three fresh attempts and the rest go suspect.
 */
export interface LoginLimits {
  /** Per address, any name. */
  maxFailures: number;
  windowMs: number;
}

const hour = 3_600_000;
const day = 24 * hour;
/** Attempts on one name in the fresh and suspect lanes together; with the known lane's, at most 1,440 in any 24 hours. */
export const nameAttemptsPerHour = 54;
/** Attempts on one name from its known addresses, all together. */
export const knownAttemptsPerHour = 6;
/** Attempts on one name from addresses that already used their fresh ones, all together. */
export const suspectAttemptsPerHour = 12;
/** An address's attempts on a name in a day that still count as fresh: a typo or two, then the right password. */
export const freshAttemptsPerDay = 3;
/** How long a successful sign-in makes its address known for the name: as long as the store keeps it, 90 days. */
export const knownAddressMs = loginKnownAddressRetentionMs;

/** The limits of each lane for one attempt; `address` as counted (loginAddressKey). */
export function loginLanes(address: string, name: string, limits: LoginLimits) {
  // The address has no spaces or '|', so these scopes cannot collide whatever the name is.
  const perAddress = { scope: `ip:${address}`, windowMs: limits.windowMs, max: limits.maxFailures };
  const pair = `pair:${address}|${name}`;
  const ownFailures = { scope: pair, windowMs: limits.windowMs, max: limits.maxFailures };
  const perName = { scope: `name:${name}`, windowMs: hour, max: nameAttemptsPerHour };
  return {
    known: [perAddress, ownFailures, { scope: `known:${name}`, windowMs: hour, max: knownAttemptsPerHour }],
    fresh: [perAddress, { scope: pair, windowMs: day, max: freshAttemptsPerDay }, perName],
    suspect: [perAddress, ownFailures, perName, { scope: `suspect:${name}`, windowMs: hour, max: suspectAttemptsPerHour }],
    ownFailures: pair,
  } satisfies Record<string, LoginLimit[] | string>;
}

/**
 * How the store knows an address signed in as a name: a digest, so the table is no readable list
 * of where moderators sign in from (not a secret either: an IPv4 one falls to trying them all).
 */
function knownPairKey(address: string, name: string): string {
  return createHash('sha256').update(`${address}|${name}`, 'utf8').digest('hex');
}

export function createLoginLimiter(throttle: LoginThrottleRepository, limits: LoginLimits) {
  return {
    /** Reserves one attempt in the first lane with room, or throws 429 before any password work. */
    async reserve(address: string, name: string, now: number): Promise<string> {
      const lanes = loginLanes(address, name, limits);
      const lastSignIn = await throttle.lastSignIn(knownPairKey(address, name));
      const known = lastSignIn !== undefined && lastSignIn > now - knownAddressMs;
      let retryAt = Infinity;
      for (const lane of known ? [lanes.known, lanes.fresh, lanes.suspect] : [lanes.fresh, lanes.suspect]) {
        const reservation = await throttle.reserve(lane, now);
        if (reservation.allowed) return reservation.attempt;
        // The soonest of the lanes to open.
        retryAt = Math.min(retryAt, reservation.retryAt);
      }
      const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
      throw new ModerationApiError(429, 'too_many_attempts', `too many failed sign-ins; try again in ${seconds} seconds`, {
        retryAfterSeconds: seconds,
      });
    },
    /**
     * The reserved attempt was right: it stops counting, and so do this address's earlier failures
     * on the name; the address is known for the name from now on.
     */
    async succeeded(attempt: string, address: string, name: string, now: number): Promise<void> {
      await throttle.forgetAttempt(attempt);
      await throttle.clearScope(loginLanes(address, name, limits).ownFailures);
      await throttle.rememberSignIn(knownPairKey(address, name), now);
    },
  };
}
