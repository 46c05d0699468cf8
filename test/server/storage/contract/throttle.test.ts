import { describe, expect, it } from 'vitest';
import { rateLimitRetentionMs } from '../../../../src/server/storage/repositories/throttle';
import type { LoginReservation } from '../../../../src/server/storage/repositories/types';
import { baseTime, minute, openSecondStore, useFreshStore } from './fixtures';

const windowMs = 15 * minute;
const allowed = (reservation: LoginReservation) => reservation.allowed;

describe('login throttle', () => {
  const opened = useFreshStore();
  const limitsOf = (scopes: string[], max: number) => scopes.map((scope) => ({ scope, windowMs, max }));
  const reserve = (scopes: string[], now: number, max = 3) => opened.store.loginThrottle.reserve(limitsOf(scopes, max), now);

  it('allows `max` attempts per scope and window, then refuses until the oldest leaves the window', async () => {
    const first = await reserve(['name:aino'], baseTime);
    const second = await reserve(['name:aino'], baseTime + 1);
    const third = await reserve(['name:aino'], baseTime + 2);
    expect([first, second, third].every(allowed)).toBe(true);
    const attempts = [first, second, third].map((reservation) => (reservation.allowed ? reservation.attempt : ''));
    expect(new Set(attempts).size).toBe(3);
    expect(attempts.every((attempt) => typeof attempt === 'string' && attempt.length > 0)).toBe(true);

    expect(await reserve(['name:aino'], baseTime + 3)).toEqual({ allowed: false, retryAt: baseTime + windowMs });
    expect(await reserve(['name:aino'], baseTime + windowMs - 1)).toEqual({ allowed: false, retryAt: baseTime + windowMs });
    // An attempt leaves the window exactly windowMs after it was made; refusals never counted.
    expect(await reserve(['name:aino'], baseTime + windowMs)).toMatchObject({ allowed: true });
    expect(await reserve(['name:aino'], baseTime + windowMs)).toEqual({ allowed: false, retryAt: baseTime + 1 + windowMs });
    expect(await reserve(['name:aino'], baseTime + 1 + windowMs)).toMatchObject({ allowed: true });
  });

  it('max 1: each attempt blocks the scope for the window', async () => {
    expect(await reserve(['ip:192.0.2.1'], baseTime, 1)).toMatchObject({ allowed: true });
    expect(await reserve(['ip:192.0.2.1'], baseTime + minute, 1)).toEqual({ allowed: false, retryAt: baseTime + windowMs });
    expect(await reserve(['ip:192.0.2.1'], baseTime + windowMs, 1)).toMatchObject({ allowed: true });
  });

  it('scopes are counted apart; one full scope refuses the whole reservation and records nothing', async () => {
    // The address is used against three names.
    for (const [index, name] of ['a', 'b', 'c'].entries()) {
      expect(await reserve([`name:${name}`, 'ip:192.0.2.7'], baseTime + index)).toMatchObject({ allowed: true });
    }
    // A fourth name from the same address: the address is full.
    expect(await reserve(['name:d', 'ip:192.0.2.7'], baseTime + 10)).toEqual({ allowed: false, retryAt: baseTime + windowMs });
    // ...and nothing was recorded for name:d: from another address it has its whole allowance.
    for (let index = 0; index < 3; index += 1) {
      expect(await reserve(['name:d', `ip:198.51.100.${index}`], baseTime + 20 + index)).toMatchObject({ allowed: true });
    }
    expect(await reserve(['name:d', 'ip:198.51.100.99'], baseTime + 30)).toEqual({ allowed: false, retryAt: baseTime + 20 + windowMs });
    // Other scopes are untouched.
    expect(await reserve(['name:e', 'ip:203.0.113.1'], baseTime + 40)).toMatchObject({ allowed: true });
  });

  it('when several scopes are full, retryAt is when the last of them has room', async () => {
    for (let index = 0; index < 3; index += 1) await reserve(['ip:x'], baseTime + index);
    for (let index = 0; index < 3; index += 1) await reserve(['name:y'], baseTime + 100 + index);
    expect(await reserve(['name:y', 'ip:x'], baseTime + 200)).toEqual({ allowed: false, retryAt: baseTime + 100 + windowMs });
    expect(await reserve(['ip:x', 'name:y'], baseTime + 200)).toEqual({ allowed: false, retryAt: baseTime + 100 + windowMs });
  });

  it('each limit has its own window and max; a scope under two limits is recorded once', async () => {
    const hour = 60 * minute;
    const limits = [
      { scope: 'name:aino', windowMs: hour, max: 4 },
      { scope: 'pair:1|aino', windowMs: 24 * hour, max: 1 },
    ];
    expect(await opened.store.loginThrottle.reserve(limits, baseTime)).toMatchObject({ allowed: true });
    // The pair's one attempt a day is used; the name still has room.
    expect(await opened.store.loginThrottle.reserve(limits, baseTime + hour)).toEqual({ allowed: false, retryAt: baseTime + 24 * hour });
    const twice = [
      { scope: 'name:aino', windowMs: hour, max: 4 },
      { scope: 'name:aino', windowMs: minute, max: 2 },
    ];
    expect(await opened.store.loginThrottle.reserve(twice, baseTime + 10)).toMatchObject({ allowed: true });
    // name:aino now holds 2 attempts (one per reservation, not one per limit): the one-minute limit is full.
    expect(await opened.store.loginThrottle.reserve(twice, baseTime + 20)).toEqual({ allowed: false, retryAt: baseTime + minute });
    expect(await opened.store.loginThrottle.reserve(twice, baseTime + minute + 10)).toMatchObject({ allowed: true });
    // The hour's limit: 3 attempts in the hour so far, room for one more.
    expect(await opened.store.loginThrottle.reserve(twice, baseTime + 3 * minute)).toMatchObject({ allowed: true });
    expect(await opened.store.loginThrottle.reserve(twice, baseTime + 6 * minute)).toEqual({ allowed: false, retryAt: baseTime + hour });
  });

  it('keeps attempts for a day, and refuses a window longer than that', async () => {
    const day = 24 * 60 * minute;
    const daily = [{ scope: 'pair:1|aino', windowMs: day, max: 1 }];
    expect(await opened.store.loginThrottle.reserve(daily, baseTime)).toMatchObject({ allowed: true });
    // Other reservations meanwhile clean up old rows, but not this day-old one.
    expect(await reserve(['name:other'], baseTime + day - 1)).toMatchObject({ allowed: true });
    expect(await opened.store.loginThrottle.reserve(daily, baseTime + day - 1)).toEqual({ allowed: false, retryAt: baseTime + day });
    expect(await opened.store.loginThrottle.reserve(daily, baseTime + day)).toMatchObject({ allowed: true });
    await expect(opened.store.loginThrottle.reserve([{ scope: 'x', windowMs: day + 1, max: 1 }], baseTime)).rejects.toThrow(RangeError);
  });

  it('forgetAttempt: a successful attempt no longer counts, in any of its scopes', async () => {
    const kept = await reserve(['name:aino', 'ip:1'], baseTime);
    const forgotten = await reserve(['name:aino', 'ip:1'], baseTime + 1);
    await reserve(['name:aino', 'ip:1'], baseTime + 2);
    expect(await reserve(['name:aino'], baseTime + 3)).toMatchObject({ allowed: false });
    expect(forgotten.allowed && kept.allowed).toBe(true);
    if (!forgotten.allowed) return;
    await opened.store.loginThrottle.forgetAttempt(forgotten.attempt);
    await opened.store.loginThrottle.forgetAttempt('no-such-attempt');
    expect(await reserve(['name:aino'], baseTime + 4)).toMatchObject({ allowed: true });
    expect(await reserve(['ip:1'], baseTime + 5)).toMatchObject({ allowed: true });
    expect(await reserve(['name:aino'], baseTime + 6)).toEqual({ allowed: false, retryAt: baseTime + windowMs });
    expect(await reserve(['ip:1'], baseTime + 6)).toEqual({ allowed: false, retryAt: baseTime + windowMs });
  });

  it('clearScope forgets every attempt in that scope only', async () => {
    for (let index = 0; index < 3; index += 1) await reserve(['name:aino', 'ip:1'], baseTime + index);
    await opened.store.loginThrottle.clearScope('name:aino');
    await opened.store.loginThrottle.clearScope('never-used');
    expect(await reserve(['ip:1'], baseTime + 10)).toEqual({ allowed: false, retryAt: baseTime + windowMs });
    for (let index = 0; index < 3; index += 1) expect(await reserve(['name:aino'], baseTime + 10 + index)).toMatchObject({ allowed: true });
    expect(await reserve(['name:aino'], baseTime + 20)).toMatchObject({ allowed: false });
  });

  it('scopes are whatever text the sign-in sent, NUL included', async () => {
    // The name typed into the sign-in form becomes a scope as sent.
    const scope = 'name:aino\u0000';
    await expect.soft(reserve([scope], baseTime, 1), 'reserve').resolves.toMatchObject({ allowed: true });
    await expect.soft(reserve([scope], baseTime + 1, 1), 'reserve again').resolves.toEqual({ allowed: false, retryAt: baseTime + windowMs });
    await expect.soft(reserve(['name:aino'], baseTime + 1, 1), 'another scope').resolves.toMatchObject({ allowed: true });
    await expect.soft(opened.store.loginThrottle.clearScope(scope), 'clearScope').resolves.toBeUndefined();
    await expect.soft(reserve([scope], baseTime + 2, 1), 'reserve after clearScope').resolves.toMatchObject({ allowed: true });
  });

  it('remembers the last sign-in of each pair, shared by every instance, and forgets pairs unseen for 90 days', async () => {
    const { loginThrottle } = opened.store;
    const day = 24 * 60 * minute;
    expect(await loginThrottle.lastSignIn('pair-a')).toBeUndefined();
    await loginThrottle.rememberSignIn('pair-a', baseTime);
    await loginThrottle.rememberSignIn('pair-b', baseTime + day);
    const other = await openSecondStore(opened);
    try {
      expect(await other.loginThrottle.lastSignIn('pair-a')).toBe(baseTime);
      // A later sign-in moves the pair's time on (here from the other instance).
      await other.loginThrottle.rememberSignIn('pair-a', baseTime + 2 * day);
    } finally {
      await other.close();
    }
    expect(await loginThrottle.lastSignIn('pair-a')).toBe(baseTime + 2 * day);
    // 90 days after pair-b's sign-in, the next sign-in of anyone forgets it; pair-a is a day younger.
    await loginThrottle.rememberSignIn('pair-c', baseTime + 91 * day);
    expect(await loginThrottle.lastSignIn('pair-b')).toBeUndefined();
    expect(await loginThrottle.lastSignIn('pair-a')).toBe(baseTime + 2 * day);
    expect(await loginThrottle.lastSignIn('pair-c')).toBe(baseTime + 91 * day);
  });

  it('however many sign-ins arrive at once, across instances, exactly `max` are allowed', async () => {
    const other = await openSecondStore(opened);
    try {
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          (index % 2 === 0 ? opened.store : other).loginThrottle.reserve(limitsOf(['name:aino', `ip:192.0.2.${index}`], 5), baseTime),
        ),
      );
      expect(results.filter(allowed)).toHaveLength(5);
      expect(results.filter((result) => !result.allowed)).toEqual(Array.from({ length: 25 }, () => ({ allowed: false, retryAt: baseTime + windowMs })));
      // The 25 refused recorded nothing under their own addresses.
      const refusedIndex = results.findIndex((result) => !result.allowed);
      expect(await opened.store.loginThrottle.reserve(limitsOf([`ip:192.0.2.${refusedIndex}`], 1), baseTime)).toMatchObject({ allowed: true });
    } finally {
      await other.close();
    }
  });
});

describe('rate limits', () => {
  const opened = useFreshStore();
  const hit = (key: string, now: number, window = minute) => opened.store.rateLimits.hit(key, window, now);

  it('counts hits in a fixed window that starts at the first hit', async () => {
    expect(await hit('ip:192.0.2.1', baseTime)).toEqual({ count: 1, resetAt: baseTime + minute });
    expect(await hit('ip:192.0.2.1', baseTime + 1)).toEqual({ count: 2, resetAt: baseTime + minute });
    expect(await hit('ip:192.0.2.1', baseTime + minute - 1)).toEqual({ count: 3, resetAt: baseTime + minute });
    // The window has ended: a new one starts at this hit.
    expect(await hit('ip:192.0.2.1', baseTime + minute)).toEqual({ count: 1, resetAt: baseTime + 2 * minute });
    expect(await hit('ip:192.0.2.1', baseTime + minute + 5)).toEqual({ count: 2, resetAt: baseTime + 2 * minute });
    expect(await hit('ip:192.0.2.1', baseTime + 10 * minute)).toEqual({ count: 1, resetAt: baseTime + 11 * minute });
  });

  it('keys are counted apart and exactly', async () => {
    expect(await hit('submit:a', baseTime)).toEqual({ count: 1, resetAt: baseTime + minute });
    expect(await hit('submit:b', baseTime + 5)).toEqual({ count: 1, resetAt: baseTime + 5 + minute });
    expect(await hit('submit:a', baseTime + 10)).toEqual({ count: 2, resetAt: baseTime + minute });
    expect(await hit('Submit:a', baseTime + 10)).toEqual({ count: 1, resetAt: baseTime + 10 + minute });
    expect(await hit('submit:b', baseTime + 10, 10 * minute)).toEqual({ count: 2, resetAt: baseTime + 5 + 10 * minute });
  });

  it("a short window's hits never forget a longer window's count (a minute's limit beside an hour's)", async () => {
    const hour = 60 * minute;
    expect(await hit('follow:request:1', baseTime, hour)).toEqual({ count: 1, resetAt: baseTime + hour });
    // Another route's per-minute limit, hit after a minute has passed.
    await hit('POST /proxy|192.0.2.1', baseTime + 2 * minute, minute);
    expect(await hit('follow:request:1', baseTime + 3 * minute, hour)).toEqual({ count: 2, resetAt: baseTime + hour });
    // Nor does a day's hit go on forever: after the longest window a key starts afresh.
    expect(await hit('follow:request:1', baseTime + rateLimitRetentionMs, hour)).toEqual({ count: 1, resetAt: baseTime + rateLimitRetentionMs + hour });
    await expect(hit('too:long', baseTime, rateLimitRetentionMs + 1)).rejects.toThrow(RangeError);
  });

  it('hits arriving at once, across instances, are each counted once', async () => {
    const other = await openSecondStore(opened);
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? opened.store : other).rateLimits.hit('ip:busy', minute, baseTime)),
      );
      expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
      expect(new Set(results.map((result) => result.resetAt))).toEqual(new Set([baseTime + minute]));
    } finally {
      await other.close();
    }
  });
});
