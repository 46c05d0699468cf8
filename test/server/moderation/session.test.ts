import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { sessionIdOf } from '../../../src/server/moderation/session-tokens';
import { addModerator, api, login, sessionCookieOf, signIn } from './moderation-client';

const password = 'correct horse battery';

describe('moderator sign-in', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await addModerator(t, 'maija', password);
  });
  afterEach(() => t.close());

  it('signs in with the right password: HttpOnly SameSite=Strict cookie for the session TTL, name and CSRF token', async () => {
    const response = await login(t, 'maija', password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ name: 'maija', csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: '2026-11-21T02:00:00+02:00', bodies: [] });
    const cookie = [response.headers['set-cookie']].flat()[0]!;
    expect(cookie).toMatch(/^kerro_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Max-Age=43200');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure'); // PUBLIC_BASE_URL is http here
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('stores only the hash of the session token', async () => {
    const token = sessionCookieOf(await login(t, 'maija', password)).split('=')[1]!;
    const rows = (await t.sql.all<{ id: string }>('SELECT id FROM moderator_sessions')).map((row) => row.id);
    expect(rows).toEqual([sessionIdOf(token)]);
    expect(rows[0]).not.toContain(token);
  });

  it('accepts the name in any case and with surrounding spaces', async () => {
    expect((await login(t, '  Maija ', password)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown name alike, without a cookie', async () => {
    for (const [name, guess] of [['maija', 'wrong password!'], ['nobody', password]]) {
      const response = await login(t, name!, guess!);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'invalid_credentials', message: 'the name or the password is wrong' } });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('says what is missing from the sign-in body', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${api}/session`, payload: { name: 'maija' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'password: password is required',
        fields: [{ field: 'password', message: 'password is required', code: 'required' }],
      },
    });
  });

  it('refuses a disabled moderator, and disabling ends their sessions', async () => {
    const session = await signIn(t);
    await t.repositories.moderation.setDisabled('maija', t.clock.now);
    expect((await session.request('GET', '/queue')).statusCode).toBe(401);
    expect((await login(t, 'maija', password)).statusCode).toBe(401);
  });

  it('sets Secure when the public base URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_BASE_URL: 'https://kerro.example.org' });
    try {
      await addModerator(secure, 'maija', password);
      const cookie = [(await login(secure, 'maija', password)).headers['set-cookie']].flat()[0]!;
      expect(cookie).toContain('Secure');
    } finally {
      await secure.close();
    }
  });

  it('GET /session tells who is signed in, or 401', async () => {
    const session = await signIn(t);
    const current = await t.app.inject({ method: 'GET', url: `${api}/session`, headers: { cookie: session.cookie } });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ name: 'maija', csrfToken: session.csrfToken });
    const none = await t.app.inject({ method: 'GET', url: `${api}/session` });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('unauthenticated');
    const forged = await t.app.inject({ method: 'GET', url: `${api}/session`, headers: { cookie: 'kerro_session=forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('signs out: the session stops working and the cookie is cleared', async () => {
    const session = await signIn(t);
    const out = await session.request('DELETE', '/session');
    expect(out.statusCode).toBe(204);
    expect([out.headers['set-cookie']].flat()[0]).toMatch(/^kerro_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await session.request('GET', '/queue')).statusCode).toBe(401);
    // Signing out again (an expired tab) is harmless.
    expect((await session.request('DELETE', '/session')).statusCode).toBe(204);
  });

  it('signing out needs the CSRF token, so another site cannot end a session', async () => {
    const session = await signIn(t);
    const forged = await t.app.inject({ method: 'DELETE', url: `${api}/session`, headers: { cookie: session.cookie } });
    expect(forged.statusCode).toBe(403);
    expect((await session.request('GET', '/queue')).statusCode).toBe(200);
  });

  it('expires the session after SESSION_TTL_HOURS', async () => {
    const session = await signIn(t);
    t.clock.now += 12 * 3_600_000 - 1000;
    expect((await session.request('GET', '/queue')).statusCode).toBe(200);
    t.clock.now += 1000;
    expect((await session.request('GET', '/queue')).statusCode).toBe(401);
  });

  it('follows a configured SESSION_TTL_HOURS', async () => {
    const short = await createTestApp({ SESSION_TTL_HOURS: '1' });
    try {
      await addModerator(short, 'maija', password);
      const response = await login(short, 'maija', password);
      expect([response.headers['set-cookie']].flat()[0]).toContain('Max-Age=3600');
      const session = await signIn(short);
      short.clock.now += 3_600_000;
      expect((await session.request('GET', '/queue')).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('sign-in rate limit', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await addModerator(t, 'maija', password);
    await addModerator(t, 'pekka', password);
  });
  afterEach(() => t.close());

  const from = (remoteAddress: string, name: string, guess: string) =>
    t.app.inject({ method: 'POST', url: `${api}/session`, payload: { name, password: guess }, remoteAddress });

  it('after 5 failures from one address answers it 429 with Retry-After, even for the right password, until the window passes', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(t, 'maija', 'wrong password!')).statusCode).toBe(401);
      t.clock.now += 60_000;
    }
    const limited = await login(t, 'maija', password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('too_many_attempts');
    // The first failure leaves the 15-minute window 10 minutes from now.
    expect(limited.headers['retry-after']).toBe('600');
    t.clock.now += 600_000;
    expect((await login(t, 'maija', password)).statusCode).toBe(200);
  });

  it('nobody locks the owner out: while others hammer a name from many addresses, the owner signs in from an address with no failures', async () => {
    const attackers = Array.from({ length: 8 }, (_, index) => `198.51.100.${index + 1}`);
    const answers: number[] = [];
    // Every attacker address guesses until it is refused, round after round, 10 s apart.
    for (let round = 0; round < 5; round += 1) {
      for (const address of attackers) answers.push((await from(address, 'maija', `guess ${round}`)).statusCode);
      t.clock.now += 10_000;
    }
    // Each address's first three guesses, then the 12 an hour that all failing addresses share.
    expect(answers.filter((status) => status === 401)).toHaveLength(8 * 3 + 12);
    expect(answers.slice(-4)).toEqual([429, 429, 429, 429]);
    // Within the same minute, from an address that has not failed: signed in at once.
    expect((await from('203.0.113.7', 'maija', password)).statusCode).toBe(200);
    // And from an IPv6 client whose /64 has not failed either.
    expect((await from('2001:db8:1:2::99', 'maija', password)).statusCode).toBe(200);
  }, 60_000);

  it('a moderator who mistypes once where they signed in before is not locked out by one address guessing (issue 39, item 2)', async () => {
    const owner = '203.0.113.7';
    expect((await from(owner, 'maija', password)).statusCode).toBe(200);
    t.clock.now += 3_600_000;
    // One address guesses every 3 minutes for an hour, as often as its own limit allows.
    const answers: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      answers.push((await from('198.51.100.66', 'maija', `guess ${round}`)).statusCode);
      t.clock.now += 180_000;
    }
    // Past its first guesses it keeps the failing addresses' lane (12 an hour) full.
    expect(answers.slice(-3)).toEqual([429, 429, 429]);
    expect((await from(owner, 'maija', 'correct horse battrey')).statusCode).toBe(401);
    t.clock.now += 10_000;
    // Before: 429, as the second attempt went to that full lane.
    expect((await from(owner, 'maija', password)).statusCode).toBe(200);
  }, 60_000);

  it('after 5 failures from one address refuses that address for any name', async () => {
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) expect((await login(t, name, 'guess guess')).statusCode).toBe(401);
    const limited = await login(t, 'pekka', password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBe(900);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `${api}/session`,
      payload: { name: 'pekka', password },
      remoteAddress: '198.51.100.7',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('a successful sign-in clears its own address\'s failures on the name', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) await login(t, 'maija', 'wrong password!');
    expect((await login(t, 'maija', password)).statusCode).toBe(200);
    const fromElsewhere = (guess: string) =>
      t.app.inject({ method: 'POST', url: `${api}/session`, payload: { name: 'maija', password: guess }, remoteAddress: '198.51.100.9' });
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await fromElsewhere('wrong password!')).statusCode).toBe(401);
    expect((await fromElsewhere(password)).statusCode).toBe(200);
  });

  it('answers unknown names about as slowly as known ones', async () => {
    const time = async (name: string) => {
      const start = performance.now();
      await t.app.inject({ method: 'POST', url: `${api}/session`, payload: { name, password: 'wrong password!' }, remoteAddress: `10.0.0.${name.length}` });
      return performance.now() - start;
    };
    await time('warmup');
    const known = await time('maija');
    const unknown = await time('nobody-here');
    expect(unknown).toBeGreaterThan(known / 3);
  });
});
