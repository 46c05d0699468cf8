/**
 * The readable "signed in here" marker beside each session cookie (resident and moderator): set
 * with the session, cleared at sign-out and when a request finds the session gone, so the app asks
 * who is signed in only in a browser where someone did.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { addModerator, api as moderationApi, login, signIn } from '../moderation/moderation-client';
import { askForLink, asResident, confirm, residentCookieOf, residentsApi, signInEmails } from '../residents/resident-client';

const day = 24 * 3_600_000;
const setCookies = (response: LightMyRequestResponse): string[] => [response.headers['set-cookie'] ?? []].flat();
const cookieNamed = (response: LightMyRequestResponse, name: string) => setCookies(response).find((cookie) => cookie.startsWith(`${name}=`));
const cleared = /=;.*Expires=Thu, 01 Jan 1970/;

async function confirmSignIn(t: TestApp, email = 'aino@example.org') {
  await askForLink(t, email);
  const emails = await signInEmails(t);
  return confirm(t, emails[emails.length - 1]!.token);
}

describe('the resident signed-in marker', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('is set with the session cookie at sign-in: readable by the page, the session cookie\'s path, SameSite and lifetime, no token', async () => {
    const response = await confirmSignIn(t);
    const marker = cookieNamed(response, 'kerro_resident_signed_in')!;
    expect(marker.split(';')[0]).toBe('kerro_resident_signed_in=1');
    expect(marker).toContain('Path=/');
    expect(marker).toContain('SameSite=Lax');
    expect(marker).toContain('Max-Age=2592000');
    expect(marker).not.toContain('HttpOnly');
    expect(marker).not.toContain('Secure');
    expect(cookieNamed(response, 'kerro_resident')).toContain('HttpOnly');
  });

  it('is Secure on an https site', async () => {
    const secure = await createTestApp({ PUBLIC_BASE_URL: 'https://kerro.test' });
    try {
      expect(cookieNamed(await confirmSignIn(secure), 'kerro_resident_signed_in')).toContain('Secure');
    } finally {
      await secure.close();
    }
  });

  it('is cleared at sign-out', async () => {
    const cookie = residentCookieOf(await confirmSignIn(t));
    const out = await t.app.inject({ method: 'POST', url: `${residentsApi}/sign-out`, headers: { cookie: `${cookie}; kerro_resident_signed_in=1` } });
    expect(out.statusCode).toBe(204);
    expect(cookieNamed(out, 'kerro_resident_signed_in')).toMatch(cleared);
  });

  it('is cleared, with the session cookie, when a request finds the session ended', async () => {
    const cookie = `${residentCookieOf(await confirmSignIn(t))}; kerro_resident_signed_in=1`;
    expect(setCookies(await asResident(t, cookie, 'GET', '/me'))).toEqual([]);
    t.clock.now += 30 * day;
    const me = await asResident(t, cookie, 'GET', '/me');
    expect(me.statusCode).toBe(401);
    expect(cookieNamed(me, 'kerro_resident_signed_in')).toMatch(cleared);
    expect(cookieNamed(me, 'kerro_resident')).toMatch(cleared);
    // The question that answers 200 either way forgets it too: a marker left without a session.
    const session = await asResident(t, 'kerro_resident_signed_in=1', 'GET', '/session');
    expect(session.json()).toEqual({ signedIn: false });
    expect(cookieNamed(session, 'kerro_resident_signed_in')).toMatch(cleared);
  });

  it('sets and clears nothing for a visitor who never signed in', async () => {
    expect(setCookies(await t.app.inject({ method: 'GET', url: `${residentsApi}/session` }))).toEqual([]);
    expect(setCookies(await t.app.inject({ method: 'GET', url: `${residentsApi}/me` }))).toEqual([]);
  });
});

describe('the moderator signed-in marker', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await addModerator(t, 'maija', 'correct horse battery');
  });
  afterEach(() => t.close());

  it('is set with the session cookie at sign-in: readable, SameSite=Strict, the session\'s lifetime', async () => {
    const response = await login(t, 'maija', 'correct horse battery');
    const marker = cookieNamed(response, 'kerro_moderator_signed_in')!;
    expect(marker.split(';')[0]).toBe('kerro_moderator_signed_in=1');
    expect(marker).toContain('Path=/');
    expect(marker).toContain('SameSite=Strict');
    expect(marker).toContain('Max-Age=43200');
    expect(marker).not.toContain('HttpOnly');
    expect(setCookies(await login(t, 'maija', 'wrong password'))).toEqual([]);
  });

  it('is cleared at sign-out and when a request finds the session ended', async () => {
    const session = await signIn(t);
    const out = await session.request('DELETE', '/session', undefined, { cookie: `${session.cookie}; kerro_moderator_signed_in=1` });
    expect(cookieNamed(out, 'kerro_moderator_signed_in')).toMatch(cleared);

    const next = await signIn(t);
    const cookie = `${next.cookie}; kerro_moderator_signed_in=1`;
    t.clock.now += 12 * 3_600_000;
    const queue = await t.app.inject({ method: 'GET', url: `${moderationApi}/queue`, headers: { cookie } });
    expect(queue.statusCode).toBe(401);
    expect(cookieNamed(queue, 'kerro_moderator_signed_in')).toMatch(cleared);
    expect(cookieNamed(queue, 'kerro_session')).toMatch(cleared);
    const check = await t.app.inject({ method: 'GET', url: `${moderationApi}/session`, headers: { cookie: 'kerro_moderator_signed_in=1' } });
    expect(check.statusCode).toBe(401);
    expect(cookieNamed(check, 'kerro_moderator_signed_in')).toMatch(cleared);
  });

  it('sets and clears nothing for a visitor who never signed in', async () => {
    const check = await t.app.inject({ method: 'GET', url: `${moderationApi}/session` });
    expect(check.statusCode).toBe(401);
    expect(setCookies(check)).toEqual([]);
  });
});
