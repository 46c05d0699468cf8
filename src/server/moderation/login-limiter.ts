import { ModerationApiError } from './errors';
import type { ModerationRepository } from './repository';

/**
 * Failed logins, counted per client address and per name in the store (so every instance behind
 * a load balancer shares the count). Past the limit, logins are refused without checking the
 * password until the oldest failure in the window ages out.
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

export function createLoginLimiter(repository: ModerationRepository, limits: LoginLimits) {
  return {
    /** Throws 429 when any scope has used up its failures. */
    async check(scopes: string[], now: number): Promise<void> {
      let waitMs = 0;
      for (const scope of scopes) {
        const times = await repository.loginFailureTimes(scope, now - limits.windowMs);
        if (times.length >= limits.maxFailures) {
          // Allowed again once enough failures have left the window to drop below the limit.
          const freeing = times[times.length - limits.maxFailures]!;
          waitMs = Math.max(waitMs, freeing + limits.windowMs - now);
        }
      }
      if (waitMs > 0) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        throw new ModerationApiError(429, 'too_many_attempts', `too many failed sign-ins; try again in ${seconds} seconds`, {
          retryAfterSeconds: seconds,
        });
      }
    },
    async recordFailure(scopes: string[], now: number): Promise<void> {
      await repository.recordLoginFailure(scopes, now, now - limits.windowMs);
    },
    async recordSuccess(nameScope: string): Promise<void> {
      await repository.clearLoginFailures(nameScope);
    },
  };
}
