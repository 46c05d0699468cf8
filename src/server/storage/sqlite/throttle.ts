import { randomBytes } from 'node:crypto';
import type { SqliteDatabase } from './database';
import { loginAttemptRetentionMs, loginRetryAt } from '../repositories/throttle';
import type { LoginLimit, LoginReservation, LoginThrottleRepository, RateLimitRepository } from '../repositories/types';

export function createSqliteLoginThrottle(db: SqliteDatabase): LoginThrottleRepository {
  const forgetOld = db.prepare('DELETE FROM login_attempts WHERE at <= ?');
  const attemptTimes = db.prepare('SELECT at FROM login_attempts WHERE scope = ? AND at > ? ORDER BY at').pluck();
  const insert = db.prepare('INSERT INTO login_attempts (scope, attempt, at) VALUES (?, ?, ?)');
  const deleteAttempt = db.prepare('DELETE FROM login_attempts WHERE attempt = ?');
  const deleteScope = db.prepare('DELETE FROM login_attempts WHERE scope = ?');

  // The count and the insert under one write lock (IMMEDIATE): two processes cannot both see room.
  const reserve = db.transaction((limits: readonly LoginLimit[], now: number): LoginReservation => {
    const since = now - loginAttemptRetentionMs;
    forgetOld.run(since);
    const scopes = [...new Set(limits.map((limit) => limit.scope))];
    const timesOf = new Map(scopes.map((scope) => [scope, attemptTimes.all(scope, since) as number[]]));
    const retryAt = loginRetryAt(limits, (scope) => timesOf.get(scope)!, now);
    if (retryAt > 0) return { allowed: false, retryAt };
    const attempt = randomBytes(12).toString('hex');
    for (const scope of scopes) insert.run(scope, attempt, now);
    return { allowed: true, attempt };
  });

  return {
    async reserve(limits, now) {
      return reserve.immediate(limits, now);
    },
    async forgetAttempt(attempt) {
      deleteAttempt.run(attempt);
    },
    async clearScope(scope) {
      deleteScope.run(scope);
    },
  };
}

export function createSqliteRateLimits(db: SqliteDatabase): RateLimitRepository {
  const forgetEnded = db.prepare('DELETE FROM rate_limits WHERE window_start <= ?');
  // A window that has ended starts afresh at this hit; otherwise the hit is counted in it.
  const hit = db.prepare(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES (@key, @now, 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN window_start + @windowMs <= @now THEN 1 ELSE hits + 1 END,
       window_start = CASE WHEN window_start + @windowMs <= @now THEN @now ELSE window_start END
     RETURNING hits, window_start`,
  );
  const count = db.transaction((key: string, windowMs: number, now: number) => {
    forgetEnded.run(now - windowMs);
    return hit.get({ key, now, windowMs }) as { hits: number; window_start: number };
  });
  return {
    async hit(key, windowMs, now) {
      const row = count.immediate(key, windowMs, now);
      return { count: row.hits, resetAt: row.window_start + windowMs };
    },
  };
}
