import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { compiledQueries } from './compiled';
import type { Engine } from './engine';
import { loginAttemptRetentionMs, loginKnownAddressRetentionMs, loginRetryAt, rateLimitRetentionMs } from '../repositories/throttle';
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
    async rememberSignIn(pair, at) {
      // Sign-ins are rare: each one clears out the pairs not seen for the whole retention, skipping
      // rows another instance is already deleting, as reserve does.
      const forgottenBefore = at - loginKnownAddressRetentionMs;
      await db
        .deleteFrom('login_known_addresses')
        .where('pair_hash', 'in', engine.forUpdate(db.selectFrom('login_known_addresses').select('pair_hash').where('signed_in_at', '<=', forgottenBefore), { skipLocked: true }))
        .execute();
      await db
        .insertInto('login_known_addresses')
        .values({ pair_hash: pair, signed_in_at: at })
        .onConflict((conflict) => conflict.column('pair_hash').doUpdateSet({ signed_in_at: at }))
        .execute();
    },
    async lastSignIn(pair) {
      const row = await db.selectFrom('login_known_addresses').select('signed_in_at').where('pair_hash', '=', pair).executeTakeFirst();
      return row === undefined ? undefined : Number(row.signed_in_at);
    },
  };
}

export function createRateLimits(engine: Engine): RateLimitRepository {
  const { db } = engine;
  // Run on every limited request: compiled once.
  const run = compiledQueries();
  return {
    async hit(key, windowMs, now) {
      if (windowMs > rateLimitRetentionMs) throw new RangeError(`a rate limit's window is at most ${rateLimitRetentionMs} ms`);
      // Two single statements, no transaction around them: the cleanup never waits (SKIP LOCKED)
      // and the upsert holds no lock before it, so concurrent hits cannot deadlock. The upsert
      // alone is atomic: concurrent hits on one key are each counted once.
      // Rows are forgotten after the longest window, not this hit's: keys of every length share the table.
      await run(db, 'forget ended', [now - rateLimitRetentionMs], ([endedBefore]) =>
        db.deleteFrom('rate_limits').where('key', 'in', engine.forUpdate(db.selectFrom('rate_limits').select('key').where('window_start', '<=', endedBefore as number), { skipLocked: true })),
      );
      // A window that has ended starts afresh at this hit; otherwise the hit is counted in it.
      const [row] = await run(db, 'hit', [key, now, windowMs, 1], ([givenKey, givenNow, givenWindowMs, one]) => {
        const ended = sql<boolean>`rate_limits.window_start + ${givenWindowMs} <= ${givenNow}`;
        return db
          .insertInto('rate_limits')
          .values({ key: givenKey as string, window_start: givenNow as number, hits: one as number })
          .onConflict((conflict) =>
            conflict.column('key').doUpdateSet({
              hits: sql<number>`CASE WHEN ${ended} THEN 1 ELSE rate_limits.hits + 1 END`,
              window_start: sql<number>`CASE WHEN ${ended} THEN ${givenNow} ELSE rate_limits.window_start END`,
            }),
          )
          .returning(['hits', 'window_start']);
      });
      return { count: Number(row!.hits), resetAt: Number(row!.window_start) + windowMs };
    },
  };
}
