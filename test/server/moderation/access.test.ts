import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/georeport-app';
import { addModerator, api, appWithModerator, login, signIn, submitRequest, type ModeratorSession } from './moderation-client';

let t: TestApp;
let session: ModeratorSession;
let id: string;
beforeAll(async () => {
  ({ t, session } = await appWithModerator());
  id = await submitRequest(t);
});
afterAll(() => t.close());

const moderationOf = async (t: TestApp, id: string) =>
  (await t.sql.get<{ moderation: string }>('SELECT moderation FROM service_requests WHERE service_request_id = ?', id))?.moderation;

describe('moderation API access', () => {
  it('answers 401 to reads and writes without a session', async () => {
    for (const [method, url] of [
      ['GET', '/queue'],
      ['GET', '/requests?state=published'],
      [ 'GET', `/requests/${id}`],
      ['GET', '/audit'],
      ['POST', `/requests/${id}/publish`],
      ['PATCH', `/requests/${id}`],
    ] as const) {
      const response = await t.app.inject({ method, url: `${api}${url}`, headers: { 'x-csrf-token': session.csrfToken } });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'unauthenticated', message: 'sign in first: POST /moderation/api/session with your name and password' },
      });
    }
  });

  it('refuses a write without the CSRF token, or with a wrong one, and changes nothing', async () => {
    const missing = await t.app.inject({ method: 'POST', url: `${api}/requests/${id}/publish`, headers: { cookie: session.cookie } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error).toEqual({
      code: 'csrf_token_invalid',
      message: 'send the csrfToken from POST or GET /moderation/api/session in the X-CSRF-Token header',
    });
    const wrong = await session.request('POST', `/requests/${id}/publish`, undefined, { 'x-csrf-token': `${session.csrfToken.slice(0, -1)}${session.csrfToken.endsWith('A') ? 'B' : 'A'}` });
    expect(wrong.statusCode).toBe(403);
    // Another moderator's token is no good with this cookie either.
    await addModerator(t, 'pekka', 'another long password');
    const other = await signIn(t, 'pekka', 'another long password');
    const crossed = await session.request('POST', `/requests/${id}/publish`, undefined, { 'x-csrf-token': other.csrfToken });
    expect(crossed.statusCode).toBe(403);
    expect(await moderationOf(t, id)).toBe('pending');
  });

  it('refuses a write from a foreign Origin even with the right token', async () => {
    const foreign = await session.request('POST', `/requests/${id}/publish`, undefined, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('origin_not_allowed');
    const crossSite = await session.request('POST', `/requests/${id}/publish`, undefined, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(await moderationOf(t, id)).toBe('pending');
  });

  it('accepts our own origin: the public base URL, or the host the request was sent to', async () => {
    const other = await submitRequest(t);
    const own = await session.request('POST', `/requests/${id}/publish`, undefined, { origin: 'http://kerro.test' });
    expect(own.statusCode).toBe(200);
    const sameHost = await session.request('POST', `/requests/${other}/publish`, undefined, { origin: 'http://localhost:80', host: 'localhost:80' });
    expect(sameHost.statusCode).toBe(200);
  });

  it('refuses a sign-in from a foreign Origin, and a form-encoded sign-in', async () => {
    const foreign = await login(t, 'maija', 'correct horse battery', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
    const form = await t.app.inject({
      method: 'POST',
      url: `${api}/session`,
      payload: 'name=maija&password=correct+horse+battery',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error).toEqual({ code: 'unsupported_media_type', message: 'send the body as application/json' });
  });

  it('reads JSON sent with a charset, and answers in the locale asked for', async () => {
    const response = await session.request('PATCH', `/requests/${id}?locale=fi`, JSON.stringify({ title: 'Kuoppa' }), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().public).toMatchObject({ service_name: 'Katujen kunto', extended_attributes: { title: 'Kuoppa' } });
  });

  it('reads need no CSRF token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${api}/queue`, headers: { cookie: session.cookie } });
    expect(response.statusCode).toBe(200);
  });

  it('answers unknown paths and malformed JSON in its own error shape', async () => {
    const unknown = await session.request('GET', '/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'no such endpoint: GET /moderation/api/nothing-here' } });
    const broken = await session.request('PATCH', `/requests/${id}`, '{"title": ', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('invalid_input');
    const missing = await session.request('GET', '/requests/nosuchrequest00000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });
});
