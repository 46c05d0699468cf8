/**
 * The sign-in throttle's two promises, on this run's store (SQLite or PostgreSQL), with time
 * passed in: guesses against one name stay under 1,500 a day however many addresses guess, and
 * the owner from an address with no failures gets in at once while others hammer.
 */
import { describe, expect, it } from 'vitest';
import { createLoginLimiter } from '../../../src/server/moderation/login-limiter';
import { loginAddressKey } from '../../../src/server/moderation/login-address';
import { baseTime, minute, useFreshStore } from '../storage/contract/fixtures';

const hour = 60 * minute;
const day = 24 * hour;

describe('login limiter', () => {
  const opened = useFreshStore();
  const limiterOf = () => createLoginLimiter(opened.store.loginThrottle, { maxFailures: 5, windowMs: 15 * minute });
  /** Whether the attempt got a password check (every one here is a wrong guess, so it keeps counting). */
  const guess = async (limiter: ReturnType<typeof limiterOf>, address: string, now: number) =>
    limiter.reserve(address, 'maija', now).then(
      () => true,
      (error: { statusCode?: number }) => {
        if (error.statusCode !== 429) throw error;
        return false;
      },
    );

  it('bounds guesses against one name to at most 1,500 in any 24 hours, from any number of addresses', async () => {
    const limiter = limiterOf();
    const admitted: number[] = [];
    const pool = Array.from({ length: 10 }, (_, index) => `198.51.100.${index}`);
    let asked = 0;
    // 25 hours: every minute a guess from an address never seen before (more than the name's
    // budget on its own), every third minute one more from a pool of addresses that keep failing.
    for (let now = baseTime; now < baseTime + day + hour; now += minute) {
      const step = (now - baseTime) / minute;
      const addresses = [`10.0.${step >> 8}.${step & 255}`, ...(step % 3 === 0 ? [pool[(step / 3) % 10]!] : [])];
      for (const address of addresses) {
        asked += 1;
        if (await guess(limiter, address, now)) admitted.push(now);
      }
    }
    expect(asked).toBe(2_000);
    // In any 24 hours at most 1,500 were checked.
    let most = 0;
    for (let first = 0, last = 0; last < admitted.length; last += 1) {
      while (admitted[first]! <= admitted[last]! - day) first += 1;
      most = Math.max(most, last - first + 1);
    }
    expect(most).toBeLessThanOrEqual(1_500);
    expect(most).toBeGreaterThan(1_000); // the limit is generous, not a lockout
  }, 600_000); // 2,000 reservations: about 15 s on SQLite, minutes on a loaded PostgreSQL

  it('the owner from an address with no failures gets in within 60 s while others hammer the name', async () => {
    const limiter = limiterOf();
    const pool = Array.from({ length: 20 }, (_, index) => `198.51.100.${index}`);
    let fresh = 0;
    const waits: number[] = [];
    // Three hours: a pool of 20 addresses guesses twice every 30 s, a new address joins every
    // 3 minutes (the pool's first hour and these: 40 new addresses an hour, under the 48 that
    // would take the whole budget), and every 10 minutes the owner arrives from an address of
    // their own that has never failed.
    for (let now = baseTime; now < baseTime + 3 * hour; now += 30_000) {
      const step = (now - baseTime) / 30_000;
      for (const address of [pool[(2 * step) % 20]!, pool[(2 * step + 1) % 20]!]) await guess(limiter, address, now);
      if (step % 6 === 0) await guess(limiter, `10.0.${(fresh += 1) >> 8}.${fresh & 255}`, now);
      if (step % 20 === 10) {
        const owner = `203.0.113.${step / 20}`;
        let at = now;
        // The owner tries again when told to, and gives up after a minute.
        while (at - now <= minute) {
          const attempt = await limiter.reserve(owner, 'maija', at).catch((error: { extra?: { retryAfterSeconds?: number } }) => error);
          if (typeof attempt === 'string') {
            await limiter.succeeded(attempt, owner, 'maija');
            break;
          }
          at += (attempt.extra?.retryAfterSeconds ?? 60) * 1000;
        }
        waits.push(at - now);
      }
    }
    expect(waits).toHaveLength(18);
    expect(Math.max(...waits)).toBeLessThanOrEqual(minute);
  }, 180_000);

  it('a burst from one new address gets one fresh attempt; the rest share the failing addresses\' budget', async () => {
    const limiter = limiterOf();
    const results = await Promise.all(Array.from({ length: 30 }, () => guess(limiter, '192.0.2.1', baseTime)));
    // The address's own limit (5) admits five: one fresh, four counted with the failing addresses.
    expect(results.filter(Boolean)).toHaveLength(5);
    const suspects = (max: number) => opened.store.loginThrottle.reserve([{ scope: 'suspect:maija', windowMs: hour, max }], baseTime);
    expect(await suspects(4)).toEqual({ allowed: false, retryAt: baseTime + hour });
    expect(await suspects(5)).toMatchObject({ allowed: true });
  });
});

describe('loginAddressKey', () => {
  it('counts IPv4 as it is, IPv4-mapped IPv6 as its IPv4, and IPv6 by its /64', () => {
    expect(loginAddressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(loginAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(loginAddressKey('2001:db8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(loginAddressKey('2001:0DB8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(loginAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(loginAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(loginAddressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
