import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { urlencoded, validReport } from '../georeport/form';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { lightPasswordHash } from '../../helpers/light-password-hash';

/** Talks to /moderation/api as the moderator console does: cookie plus X-CSRF-Token. */
export interface ModeratorSession {
  cookie: string;
  csrfToken: string;
  request(method: InjectOptions['method'], url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export const api = '/moderation/api';

export async function addModerator(t: TestApp, name: string, password: string): Promise<void> {
  const created = await t.repositories.moderation.createModerator(name, await lightPasswordHash(password), t.clock.now);
  if (!created) throw new Error(`moderator ${name} exists`);
}

/** A fresh app and moderator maija signed in to it: what most moderation tests start from. */
export async function appWithModerator(...args: Parameters<typeof createTestApp>): Promise<{ t: TestApp; session: ModeratorSession }> {
  const t = await createTestApp(...args);
  await addModerator(t, 'maija', 'correct horse battery');
  return { t, session: await signIn(t) };
}

export function login(t: TestApp, name: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `${api}/session`, payload: { name, password }, headers });
}

/** The session cookie's "name=value" from a Set-Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('kerro_session='));
  if (!header) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return header.split(';')[0]!;
}

export async function signIn(t: TestApp, name = 'maija', password = 'correct horse battery'): Promise<ModeratorSession> {
  const response = await login(t, name, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieOf(response);
  const { csrfToken } = response.json() as { csrfToken: string };
  return {
    cookie,
    csrfToken,
    request: (method, url, body, headers = {}) =>
      t.app.inject({
        method,
        url: `${api}${url}`,
        headers: { cookie, 'x-csrf-token': csrfToken, ...headers },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      }),
  };
}

/** Submits a request through the public GeoReport API, as a resident's app would. */
export async function submitRequest(t: TestApp, fields: Record<string, string> = {}): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/open311/v1/requests.json',
    ...urlencoded({ ...validReport, api_key: t.apiKey, ...fields }),
  });
  if (response.statusCode !== 200) throw new Error(`submit failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { service_request_id: string }[])[0]!.service_request_id;
}

export async function publicDetail(t: TestApp, id: string) {
  const response = await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}.json?extensions=true` });
  return response.json()[0];
}

export async function publicListIds(t: TestApp): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: '/open311/v1/requests.json' });
  return (response.json() as { service_request_id: string }[]).map((request) => request.service_request_id);
}
