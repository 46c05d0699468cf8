import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Engine } from './engine';
import { loginAttemptRetentionMs, loginRetryAt } from '../repositories/throttle';
import type { LoginReservation, LoginThrottleRepository, RateLimitRepository } from '../repositories/types';

export function createLoginThrottle(engine: Engine): LoginThrottleRepository {
  const { db } = engine;
  return {
    async reserve(limits, now) {
      const scopes = [...new Set(limits.map((limit) => limit.scope))];
      // The count and the insert under one lock, held to COMMIT: no two callers (in any process) both see room.
      return engine.write(async (trx): Promise<LoginReservation> => {
        await engine.serialize(trx, scopes);
        const since = now - loginAttemptRetentionMs;
        // Old rows of any scope go; rows another caller is already deleting are left to it rather
        // than waited for (waiting could deadlock two callers cleaning up in different orders).
        await trx
          .deleteFrom('login_attempts')
          .where('id', 'in', engine.forUpdate(trx.selectFrom('login_attempts').select('id').where('at', '<=', since), { skipLocked: true }))
          .execute();
        const timesOf = new Map<string, number[]>();
        for (const scope of scopes) {
          const rows = await trx.selectFrom('login_attempts').select('at').where('scope', '=', scope).where('at', '>', since).orderBy('at').execute();
          timesOf.set(scope, rows.map((row) => Number(row.at)));
        }
        const retryAt = loginRetryAt(limits, (scope) => timesOf.get(scope)!, now);
        if (retryAt > 0) return { allowed: false, retryAt };
        const attempt = randomBytes(12).toString('hex');
        await trx
          .insertInto('login_attempts')
          .values(scopes.map((scope) => ({ scope, attempt, at: now })))
          .execute();
        return { allowed: true, attempt };
      });
    },
    async forgetAttempt(attempt) {
      await db.deleteFrom('login_attempts').where('attempt', '=', attempt).execute();
    },
    async clearScope(scope) {
      await db.deleteFrom('login_attempts').where('scope', '=', scope).execute();
    },
  };
}

export function createRateLimits(engine: Engine): RateLimitRepository {
  const { db } = engine;
  return {
    async hit(key, windowMs, now) {
      // Two single statements, no transaction around them: the cleanup never waits (SKIP LOCKED)
      // and the upsert holds no lock before it, so concurrent hits cannot deadlock. The upsert
      // alone is atomic: concurrent hits on one key are each counted once.
      await db
        .deleteFrom('rate_limits')
        .where('key', 'in', engine.forUpdate(db.selectFrom('rate_limits').select('key').where('window_start', '<=', now - windowMs), { skipLocked: true }))
        .execute();
      // A window that has ended starts afresh at this hit; otherwise the hit is counted in it.
      const ended = sql<boolean>`rate_limits.window_start + ${windowMs} <= ${now}`;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: now, hits: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN ${ended} THEN 1 ELSE rate_limits.hits + 1 END`,
            window_start: sql<number>`CASE WHEN ${ended} THEN ${now} ELSE rate_limits.window_start END`,
          }),
        )
        .returning(['hits', 'window_start'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.hits), resetAt: Number(row.window_start) + windowMs };
    },
  };
}
