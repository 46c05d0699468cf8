/** Residents signing in by a one-time emailed link (issue 28, "My reports" without a password). */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { addModerator, signIn as signInModerator, submitRequest } from '../moderation/moderation-client';
import { askForLink, asResident, confirm, residentCookieOf, residentsApi, signInEmails, signInResident } from './resident-client';

const minute = 60_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('resident sign-in', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('answers the same 202 for an address with reports and one without, and emails a link to each', async () => {
    await submitRequest(t, { email: 'Aino@Example.org' });
    const known = await askForLink(t, 'aino@example.org');
    const unknown = await askForLink(t, 'nobody@example.org');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect((await signInEmails(t)).map((email) => email.to_address)).toEqual(['aino@example.org', 'nobody@example.org']);
  });

  it('emails the link in the asked language, text and HTML, to PUBLIC_BASE_URL; stores only its hash', async () => {
    await askForLink(t, 'aino@example.org', { locale: 'fi', next: '/report' });
    await askForLink(t, 'aino@example.org', { locale: 'sv' });
    const [fi, sv] = await signInEmails(t);
    expect(fi!.subject).toBe('Kirjautumislinkki: Omat ilmoitukset');
    expect(sv!.subject).toBe('Inloggningslänk: Mina anmälningar');
    expect(fi!.body_text).toContain(`http://kerro.test/account/sign-in?token=${fi!.token}&next=%2Freport`);
    expect(fi!.body_text).toContain('15 minuuttia');
    expect(fi!.body_html).toContain(`<a href="http://kerro.test/account/sign-in?token=${fi!.token}&amp;next=%2Freport">`);
    const rows = await t.sql.all<{ token_hash: string; email: string; used_at: number | null }>('SELECT token_hash, email, used_at FROM resident_sign_ins ORDER BY created_at');
    expect(rows.map((row) => row.token_hash).sort()).toEqual([sha256(fi!.token), sha256(sv!.token)].sort());
    expect(JSON.stringify(rows)).not.toContain(fi!.token);
  });

  it('says what to fix in a bad address or next path', async () => {
    const bad = await askForLink(t, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_input', message: 'email: email must be a valid address such as name@example.org' });
    const elsewhere = await askForLink(t, 'aino@example.org', { next: '//evil.example/x' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.message).toBe('next: next must be a path on this site, such as /report');
    expect(await signInEmails(t)).toEqual([]);
  });

  it('throttles per address and client (any case), and per client, the same for known and unknown addresses', async () => {
    for (let i = 0; i < 3; i += 1) expect((await askForLink(t, i % 2 ? 'AINO@example.org' : 'aino@example.org')).statusCode).toBe(202);
    const refused = await askForLink(t, 'aino@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json().error.code).toBe('too_many_attempts');
    expect((await askForLink(t, 'pekka@example.org')).statusCode).toBe(202);
    // Per client: 20 links an hour from one address, whatever the addresses asked for (other clients: requester-limits.test.ts).
    for (let i = 0; i < 16; i += 1) expect((await askForLink(t, `person${i}@example.org`)).statusCode).toBe(202);
    expect((await askForLink(t, 'last@example.org')).statusCode).toBe(429);
    expect(await signInEmails(t)).toHaveLength(20);
    t.clock.now += 60 * minute;
    expect((await askForLink(t, 'aino@example.org')).statusCode).toBe(202);
  });

  it('opening the link does not use it; POSTing its token signs in once, with a separate HttpOnly Lax cookie', async () => {
    await askForLink(t, 'aino@example.org');
    const { token } = (await signInEmails(t))[0]!;
    // What a mail scanner does: GET the link, and GET the API path.
    await t.app.inject({ method: 'GET', url: `/account/sign-in?token=${token}` });
    // Only POST signs in: a GET of the API path is told so (405), and uses nothing.
    expect((await t.app.inject({ method: 'GET', url: `${residentsApi}/sign-in/confirm?token=${token}` })).statusCode).toBe(405);
    const response = await confirm(t, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'aino@example.org' });
    const cookie = [response.headers['set-cookie']].flat()[0]!;
    expect(cookie).toMatch(/^kerro_resident=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(response.headers['cache-control']).toBe('no-store');
    const sessionToken = residentCookieOf(response).split('=')[1]!;
    expect(await t.sql.all('SELECT id, email FROM resident_sessions')).toEqual([{ id: sha256(sessionToken), email: 'aino@example.org' }]);

    const replay = await confirm(t, token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: { code: 'sign_in_link_invalid', message: 'this sign-in link has been used or has expired; ask for a new one' } });
    expect(replay.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a link 15 minutes after it was sent, and takes it a moment before', async () => {
    await askForLink(t, 'aino@example.org');
    await askForLink(t, 'pekka@example.org');
    const [aino, pekka] = await signInEmails(t);
    t.clock.now += 15 * minute - 1;
    expect((await confirm(t, aino!.token)).statusCode).toBe(200);
    t.clock.now += 1;
    expect((await confirm(t, pekka!.token)).json().error.code).toBe('sign_in_link_invalid');
    expect((await confirm(t, 'A'.repeat(43))).json().error.code).toBe('sign_in_link_invalid');
  });

  it('sets Secure on the cookie when the site is https', async () => {
    const secure = await createTestApp({ PUBLIC_BASE_URL: 'https://kerro.test' });
    try {
      await askForLink(secure, 'aino@example.org');
      const { token } = (await signInEmails(secure))[0]!;
      expect([(await confirm(secure, token)).headers['set-cookie']].flat()[0]).toContain('Secure');
    } finally {
      await secure.close();
    }
  });

  it('refuses writes a browser says come from another site', async () => {
    const crossSite = { origin: 'https://evil.example' };
    expect((await askForLink(t, 'aino@example.org', {}, crossSite)).json().error.code).toBe('origin_not_allowed');
    const cookie = await signInResident(t, 'aino@example.org');
    const signOut = await t.app.inject({ method: 'POST', url: `${residentsApi}/sign-out`, headers: { cookie, ...crossSite } });
    expect(signOut.statusCode).toBe(403);
    expect((await asResident(t, cookie, 'GET', '/me')).statusCode).toBe(200);
    const form = await t.app.inject({ method: 'POST', url: `${residentsApi}/sign-in`, payload: 'email=aino@example.org', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const cookie = await signInResident(t, 'aino@example.org');
    const response = await t.app.inject({ method: 'POST', url: `${residentsApi}/sign-out`, headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect([response.headers['set-cookie']].flat()[0]).toMatch(/^kerro_resident=;.*Expires=Thu, 01 Jan 1970/);
    expect((await asResident(t, cookie, 'GET', '/me')).statusCode).toBe(401);
    expect(await t.sql.all('SELECT id FROM resident_sessions')).toEqual([]);
  });

  it('a session lasts 30 days from sign-in, then asks to sign in again', async () => {
    const cookie = await signInResident(t, 'aino@example.org');
    t.clock.now += 30 * 24 * 60 * minute - 1;
    expect((await asResident(t, cookie, 'GET', '/me')).statusCode).toBe(200);
    t.clock.now += 1;
    const ended = await asResident(t, cookie, 'GET', '/me');
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.code).toBe('unauthenticated');
  });

  it("a moderator's cookie grants nothing here, and a resident's nothing in moderation", async () => {
    await addModerator(t, 'maija', 'correct horse battery');
    const moderator = await signInModerator(t);
    expect((await asResident(t, moderator.cookie, 'GET', '/me')).statusCode).toBe(401);
    const resident = await signInResident(t, 'aino@example.org');
    const asModerator = await t.app.inject({ method: 'GET', url: '/moderation/api/session', headers: { cookie: resident } });
    expect(asModerator.statusCode).toBe(401);
    // The same token under the other cookie's name is no session either.
    const swapped = `kerro_session=${resident.split('=')[1]}`;
    expect((await t.app.inject({ method: 'GET', url: '/moderation/api/requests', headers: { cookie: swapped } })).statusCode).toBe(401);
  });
});
