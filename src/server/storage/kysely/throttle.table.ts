/** The login throttle's attempts and the rate limits' windows (throttle.ts). */
import type { Generated } from 'kysely';

export interface LoginAttemptsTable {
  id: Generated<number>;
  scope: string;
  attempt: string;
  at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

export interface ThrottleTables {
  login_attempts: LoginAttemptsTable;
  rate_limits: RateLimitsTable;
}
