/** The login throttle's attempts and known addresses, and the rate limits' windows (throttle.ts). */
import type { Generated } from 'kysely';

export interface LoginAttemptsTable {
  id: Generated<number>;
  scope: string;
  attempt: string;
  at: number;
}

/** An address a name signed in from: the SHA-256 of the two, never the address itself. */
export interface LoginKnownAddressesTable {
  pair_hash: string;
  signed_in_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

export interface ThrottleTables {
  login_attempts: LoginAttemptsTable;
  login_known_addresses: LoginKnownAddressesTable;
  rate_limits: RateLimitsTable;
}
