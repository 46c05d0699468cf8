/**
 * The sign-in throttle's promises, on this run's store (SQLite or PostgreSQL), with time passed
 * in: guesses against one name stay under 1,500 a day however many addresses guess; the owner
 * from an address they signed in from before gets in whatever strangers do; and the owner from
 * an address with no more than a typo or two gets in while others hammer.
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
  type Limiter = ReturnType<typeof limiterOf>;
  /** Whether the attempt got a password check (a wrong guess: it keeps counting). */
  const guess = async (limiter: Limiter, address: string, now: number, name = 'maija') =>
    limiter.reserve(address, name, now).then(
      () => true,
      (error: { statusCode?: number }) => {
        if (error.statusCode !== 429) throw error;
        return false;
      },
    );
  /** The right password: whether it got checked (and so signed in). */
  const signIn = async (limiter: Limiter, address: string, now: number) => {
    const attempt = await limiter.reserve(address, 'maija', now).catch((error: { statusCode?: number }) => {
      if (error.statusCode !== 429) throw error;
      return undefined;
    });
    if (attempt !== undefined) await limiter.succeeded(attempt, address, 'maija', now);
    return attempt !== undefined;
  };
  /** Whether a scope already holds `max` attempts in the last hour (a probe that records one when it has room). */
  const full = async (scope: string, max: number, now: number) =>
    !(await opened.store.loginThrottle.reserve([{ scope, windowMs: hour, max }], now)).allowed;
  /** One attacker address guessing as often as its own limit lets it (5 per 15 minutes), from `from` until `until`. */
  const hammer = async (limiter: Limiter, address: string, from: number, until: number) => {
    for (let at = from; at < until; at += 3 * minute) await guess(limiter, address, at);
  };
  const owner = '203.0.113.7';
  const attacker = '198.51.100.66';

  it('the owner who signed in from an address before mistypes once there while one other address keeps the failing lane full, and still gets in', async () => {
    const limiter = limiterOf();
    expect(await signIn(limiter, owner, baseTime)).toBe(true);
    await hammer(limiter, attacker, baseTime + hour, baseTime + 3 * hour);
    const now = baseTime + 3 * hour;
    expect(await full('suspect:maija', 12, now)).toBe(true);
    expect(await guess(limiter, owner, now)).toBe(true); // the typo
    // Before issue 39 item 2: 429, as the second attempt went to the full lane.
    expect(await signIn(limiter, owner, now + 30_000)).toBe(true);
  });

  it('the owner\'s known address is never starved, however many addresses strangers spend on the name', async () => {
    const limiter = limiterOf();
    expect(await signIn(limiter, owner, baseTime)).toBe(true);
    // Two hours: every 2 minutes a new address guesses three times (90 an hour, more than the
    // strangers' whole budget of 54), and one address hammers.
    let strangers = 0;
    let now = baseTime + hour;
    for (; now < baseTime + 3 * hour; now += 2 * minute) {
      const address = `10.0.0.${(strangers += 1)}`;
      for (let index = 0; index < 3; index += 1) await guess(limiter, address, now);
      await guess(limiter, attacker, now);
    }
    // Half a minute after their last round.
    now -= 90_000;
    // The owner's own address has its lane: two typos, then the right password...
    expect(await guess(limiter, owner, now)).toBe(true);
    expect(await guess(limiter, owner, now + 10_000)).toBe(true);
    expect(await signIn(limiter, owner, now + 20_000)).toBe(true);
    // ...while a new address is refused: the strangers' budget on the name is spent.
    expect(await guess(limiter, '10.0.1.1', now + 20_000)).toBe(false);
  });

  it('a typo from an address that never signed in is forgiven while others keep the failing lane full', async () => {
    const limiter = limiterOf();
    await hammer(limiter, attacker, baseTime, baseTime + 2 * hour);
    await hammer(limiter, '198.51.100.67', baseTime + minute, baseTime + 2 * hour);
    const now = baseTime + 2 * hour;
    expect(await full('suspect:maija', 12, now)).toBe(true);
    expect(await guess(limiter, owner, now)).toBe(true); // the typo
    // Before issue 39 item 2: 429, the address's second attempt went to the full lane.
    expect(await signIn(limiter, owner, now + 30_000)).toBe(true);
  });

  it('an address is known for the name it signed in as, for 90 days', async () => {
    const limiter = limiterOf();
    expect(await signIn(limiter, owner, baseTime)).toBe(true);
    // A failure from the known address counts in the name's known lane...
    expect(await guess(limiter, owner, baseTime + hour)).toBe(true);
    expect(await full('known:maija', 1, baseTime + hour)).toBe(true);
    // ...not for another name (fresh there)...
    expect(await guess(limiter, owner, baseTime + hour, 'pekka')).toBe(true);
    expect(await full('known:pekka', 1, baseTime + hour)).toBe(false);
    expect(await full('name:pekka', 1, baseTime + hour)).toBe(true);
    // ...and no longer 90 days after its last sign-in.
    expect(await guess(limiter, owner, baseTime + 90 * day)).toBe(true);
    expect(await full('known:maija', 1, baseTime + 90 * day)).toBe(false);
    expect(await full('name:maija', 1, baseTime + 90 * day)).toBe(true);
  });

  it('bounds guesses against one name to at most 1,500 in any 24 hours, from any number of addresses, known ones included', async () => {
    const limiter = limiterOf();
    const admitted: number[] = [];
    const pool = Array.from({ length: 10 }, (_, index) => `198.51.100.${index}`);
    // Someone behind an address the owner signed in from, who has the known lane too.
    expect(await signIn(limiter, owner, baseTime - hour)).toBe(true);
    let asked = 0;
    // 25 hours: every minute a guess from an address never seen before (more than the strangers'
    // budget on its own), every third minute one more from a pool of addresses that keep failing,
    // every second minute one from the known address.
    for (let now = baseTime; now < baseTime + day + hour; now += minute) {
      const step = (now - baseTime) / minute;
      const addresses = [
        `10.0.${step >> 8}.${step & 255}`,
        ...(step % 3 === 0 ? [pool[(step / 3) % 10]!] : []),
        ...(step % 2 === 0 ? [owner] : []),
      ];
      for (const address of addresses) {
        asked += 1;
        if (await guess(limiter, address, now)) admitted.push(now);
      }
    }
    expect(asked).toBe(2_750);
    // In any 24 hours at most 1,500 were checked: (54 + 6) an hour, so 1,440 (which this load reaches).
    let most = 0;
    for (let first = 0, last = 0; last < admitted.length; last += 1) {
      while (admitted[first]! <= admitted[last]! - day) first += 1;
      most = Math.max(most, last - first + 1);
    }
    expect(most).toBeLessThanOrEqual(1_440);
    expect(most).toBeGreaterThan(1_000); // the limit is generous, not a lockout
  }, 600_000); // 2,750 reservations: about 20 s on SQLite

  it('the owner from an address with no failures gets in within 60 s while others hammer the name', async () => {
    const limiter = limiterOf();
    const pool = Array.from({ length: 4 }, (_, index) => `198.51.100.${index}`);
    let fresh = 0;
    const waits: number[] = [];
    // Three hours: a pool of 4 addresses guesses twice every 30 s, a new address joins every 7.5
    // minutes and guesses three times (the pool's first hour and these: 12 + 24 fresh attempts an
    // hour, with the failing addresses' 12 under the strangers' 54; 14 new addresses an hour would
    // take it all), and every 10 minutes the owner arrives from an address of their own that has
    // never failed nor signed in.
    for (let now = baseTime; now < baseTime + 3 * hour; now += 30_000) {
      const step = (now - baseTime) / 30_000;
      for (const address of [pool[(2 * step) % 4]!, pool[(2 * step + 1) % 4]!]) await guess(limiter, address, now);
      if (step % 15 === 0) {
        const address = `10.0.${(fresh += 1) >> 8}.${fresh & 255}`;
        for (let index = 0; index < 3; index += 1) await guess(limiter, address, now);
      }
      if (step % 20 === 10) {
        const arriving = `203.0.113.${step / 20}`;
        let at = now;
        // The owner tries again when told to, and gives up after a minute.
        while (at - now <= minute) {
          const attempt = await limiter.reserve(arriving, 'maija', at).catch((error: { extra?: { retryAfterSeconds?: number } }) => error);
          if (typeof attempt === 'string') {
            await limiter.succeeded(attempt, arriving, 'maija', at);
            break;
          }
          at += (attempt.extra?.retryAfterSeconds ?? 60) * 1000;
        }
        waits.push(at - now);
      }
    }
    expect(waits).toHaveLength(18);
    expect(Math.max(...waits)).toBeLessThanOrEqual(minute);
    // The failing addresses did fill their lane.
    expect(await full('suspect:maija', 12, baseTime + 3 * hour)).toBe(true);
  }, 180_000);

  it('a burst from one new address gets three fresh attempts; the rest share the failing addresses\' budget', async () => {
    const limiter = limiterOf();
    const results = await Promise.all(Array.from({ length: 30 }, () => guess(limiter, '192.0.2.1', baseTime)));
    // The address's own limit (5) admits five: three fresh, two counted with the failing addresses.
    expect(results.filter(Boolean)).toHaveLength(5);
    const suspects = (max: number) => opened.store.loginThrottle.reserve([{ scope: 'suspect:maija', windowMs: hour, max }], baseTime);
    expect(await suspects(2)).toEqual({ allowed: false, retryAt: baseTime + hour });
    expect(await suspects(3)).toMatchObject({ allowed: true });
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
