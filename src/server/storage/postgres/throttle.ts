import { randomBytes } from 'node:crypto';
import { nulFree, type PostgresDatabase } from './database';
import { loginAttemptRetentionMs, loginRetryAt } from '../repositories/throttle';
import type { LoginReservation, LoginThrottleRepository, RateLimitRepository } from '../repositories/types';

export function createPostgresLoginThrottle(db: PostgresDatabase): LoginThrottleRepository {
  return {
    async reserve(givenLimits, now) {
      // Counted under the text PostgreSQL stores (NUL cannot be stored; see database.ts).
      const limits = givenLimits.map((limit) => ({ ...limit, scope: nulFree(limit.scope) as string }));
      const scopes = [...new Set(limits.map((limit) => limit.scope))];
      return db.transaction(async (client): Promise<LoginReservation> => {
        // The count and the insert under a lock per scope, held to COMMIT, so no two callers (in
        // any process) both see room. Locks are taken in order of their keys (not the names: two
        // names may share a hash), so two reservations never wait on each other in a cycle. The
        // ordered subquery is not flattened, which fixes the order the locks are taken in.
        await client.query(
          `SELECT pg_advisory_xact_lock(key) FROM (SELECT DISTINCT hashtext(scope) AS key FROM unnest($1::text[]) AS scope ORDER BY key) AS keys`,
          [scopes],
        );
        const since = now - loginAttemptRetentionMs;
        // Old rows of any scope go; rows another caller is already deleting are left to it rather
        // than waited for (waiting could deadlock two callers cleaning up in different orders).
        await client.query(
          'DELETE FROM login_attempts WHERE id IN (SELECT id FROM login_attempts WHERE at <= $1 FOR UPDATE SKIP LOCKED)',
          [since],
        );
        const rows = await client.query<{ scope: string; at: number }>(
          'SELECT scope, at FROM login_attempts WHERE scope = ANY($1::text[]) AND at > $2 ORDER BY at',
          [scopes, since],
        );
        const timesOf = new Map<string, number[]>();
        for (const row of rows) {
          const times = timesOf.get(row.scope) ?? [];
          times.push(row.at);
          timesOf.set(row.scope, times);
        }
        const retryAt = loginRetryAt(limits, (scope) => timesOf.get(scope) ?? [], now);
        if (retryAt > 0) return { allowed: false, retryAt };
        const attempt = randomBytes(12).toString('hex');
        await client.query('INSERT INTO login_attempts (scope, attempt, at) SELECT scope, $2, $3 FROM unnest($1::text[]) AS scope', [
          scopes,
          attempt,
          now,
        ]);
        return { allowed: true, attempt };
      });
    },
    async forgetAttempt(attempt) {
      await db.query('DELETE FROM login_attempts WHERE attempt = $1', [attempt]);
    },
    async clearScope(scope) {
      await db.query('DELETE FROM login_attempts WHERE scope = $1', [scope]);
    },
  };
}

export function createPostgresRateLimits(db: PostgresDatabase): RateLimitRepository {
  return {
    async hit(key, windowMs, now) {
      // Two single statements, no transaction around them: the cleanup never waits (SKIP LOCKED)
      // and the upsert holds no lock before it, so concurrent hits cannot deadlock. The upsert
      // alone is atomic: concurrent hits on one key are each counted once.
      await db.query(
        'DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE window_start <= $1 FOR UPDATE SKIP LOCKED)',
        [now - windowMs],
      );
      // A window that has ended starts afresh at this hit; otherwise the hit is counted in it.
      const [row] = await db.query<{ hits: number; window_start: number }>(
        `INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ($1, $2::bigint, 1)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.window_start + $3::bigint <= $2::bigint THEN 1 ELSE r.hits + 1 END,
           window_start = CASE WHEN r.window_start + $3::bigint <= $2::bigint THEN $2::bigint ELSE r.window_start END
         RETURNING hits, window_start`,
        [key, now, windowMs],
      );
      return { count: row!.hits, resetAt: row!.window_start + windowMs };
    },
  };
}
