import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { multipartBody, validReport } from '../georeport/form';

/** Each case here is a bug the bad-input properties found, pinned down as a plain example. */

let t: TestApp;
let session: { cookie: string; csrfToken: string };

beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  await t.repositories.moderation.createModerator('maija', await lightPasswordHash('correct horse battery'), t.clock.now);
  const login = await t.app.inject({ method: 'POST', url: '/moderation/api/session', payload: { name: 'maija', password: 'correct horse battery' } });
  expect(login.statusCode).toBe(200);
  const cookie = [login.headers['set-cookie']].flat().find((value) => value?.startsWith('kerro_session='))!.split(';')[0]!;
  session = { cookie, csrfToken: (login.json() as { csrfToken: string }).csrfToken };
});
afterAll(() => t.close());

async function submitWithPhoto(): Promise<string> {
  const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#777' } }).jpeg().toBuffer();
  const body = await multipartBody({ ...validReport, api_key: t.apiKey, email: 'resident@example.org' }, [{ fileName: 'a.jpg', type: 'image/jpeg', data: jpeg }]);
  const answer = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...body });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { service_request_id: string }[])[0]!.service_request_id;
}

const rowOf = async (id: string) => ({
  request: await t.sql.get('SELECT * FROM service_requests WHERE service_request_id = ?', id),
  media: await t.sql.all('SELECT * FROM request_media WHERE service_request_id = ?', id),
  audit: await t.sql.get('SELECT count(*) AS n FROM audit_log WHERE service_request_id = ?', id),
  outbox: await t.sql.get('SELECT count(*) AS n FROM outbox WHERE service_request_id = ?', id),
});

describe('moderation: a refused change changes nothing', () => {
  it('a bad ?locale= is refused before publish, reject, edit, status or photo removal is applied', async () => {
    const id = await submitWithPhoto();
    const before = await rowOf(id);
    const changes: [string, string, unknown][] = [
      ['POST', `/requests/${id}/publish`, undefined],
      ['POST', `/requests/${id}/reject`, { reason: 'not_a_problem' }],
      ['PATCH', `/requests/${id}`, { title: 'Edited' }],
      ['POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'], status_notes: 'Fixed.' }],
      ['DELETE', `/requests/${id}/media/0`, undefined],
    ];
    for (const [method, path, body] of changes) {
      for (const locale of ['x'.repeat(21), 'fi&locale=sv']) {
        const answer = await t.app.inject({
          method: method as 'POST',
          url: `/moderation/api${path}?locale=${locale}`,
          headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBe(400);
        expect(answer.json()).toMatchObject({ error: { code: 'invalid_input' } });
        expect(await rowOf(id), `${method} ${path}`).toEqual(before);
      }
    }
    const published = await t.app.inject({
      method: 'POST',
      url: `/moderation/api/requests/${id}/publish?locale=fi`,
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    });
    expect(published.statusCode).toBe(200);
  });
});

describe('the proxy forwards the path it was given', () => {
  it('an encoded "#" or "?" in the path stays part of the path upstream', async () => {
    for (const path of ['services/%23nope.xml', 'requests/%3Fstatus%3Dopen.json', 'requests/a%2520b.xml']) {
      const direct = await fetch(`${t.baseUrl}/open311/v1/${path}`);
      const proxied = await fetch(`${t.baseUrl}/proxy/open311/v1/${path}`);
      expect(proxied.status, path).toBe(direct.status);
      expect(proxied.headers.get('content-type'), path).toBe(direct.headers.get('content-type'));
      expect(await proxied.text(), path).toBe(await direct.text());
    }
  });

  it('dot segments stay refused, encoded once or twice', async () => {
    for (const path of ['..%2Fv1%2Fservices.json', '%2e%2e/%2e%2e/api/counters/', 'a/%2E%2E/%2E%2E/x.json']) {
      const answer = await t.app.inject({ url: `/proxy/open311/v1/${path}` });
      expect(answer.statusCode, path).toBe(404);
    }
  });
});

describe('errors outside any route answer in the format of the API they were meant for', () => {
  it('a path that is not UTF-8 once decoded', async () => {
    const geo = await t.app.inject({ url: '/open311/v1/requests/%ED%A0%80.xml' });
    expect(geo.statusCode).toBe(400);
    expect(geo.body).toMatch(/<errors><error><code>400<\/code><description>the path is not valid/);
    const geoJson = await t.app.inject({ url: '/proxy/open311/v1/requests/%C0%AF.json' });
    expect(geoJson.json()).toEqual([{ code: 400, description: expect.stringContaining('not valid') }]);
    const counters = await t.app.inject({ url: '/api/counters/%FF/' });
    expect(counters.json()).toEqual({ detail: expect.stringContaining('not valid') });
    expect(counters.headers['access-control-allow-origin']).toBe('*');
    const moderation = await t.app.inject({ url: '/moderation/api/requests/%ED%A0%80' });
    expect(moderation.json()).toEqual({ error: { code: 'invalid_input', message: expect.stringContaining('not valid') } });
    expect(moderation.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a photo name over the router limit', async () => {
    const answer = await t.app.inject({ url: `/media/${'9'.repeat(300)}` });
    expect(answer.statusCode).toBe(414);
    expect(answer.json()).toEqual([{ code: 414, description: 'a part of the path is too long' }]);
  });

  it('unknown counters paths and methods, directly and through the proxy', async () => {
    for (const [method, url] of [['POST', '/api/counters/1'], ['GET', '/api/counters/1/2/'], ['DELETE', '/proxy/counters/']] as const) {
      const answer = await t.app.inject({ method, url });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json(), `${method} ${url}`).toEqual({ detail: 'Not found.' });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/counters/1' })).headers['access-control-allow-origin']).toBe('*');
    // Without its slash the list redirects inside the proxy, as Django's APPEND_SLASH does.
    const bare = await t.app.inject({ method: 'GET', url: '/proxy/counters' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/proxy/counters/');
  });
});

describe('GeoReport: resource names that are also names on Object.prototype', () => {
  it('answers toString.json, constructor.xml and the like with a 404 in the format asked for, directly and through the proxy', async () => {
    for (const prefix of ['/open311/v1', '/proxy/open311/v1']) {
      for (const name of ['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__']) {
        const json = await fetch(`${t.baseUrl}${prefix}/${name}.json`);
        expect(json.status, `${prefix}/${name}.json`).toBe(404);
        expect(json.headers.get('content-type')).toMatch(/^application\/json/);
        expect(((await json.json()) as { code: number }[])[0]!.code).toBe(404);
        const xml = await fetch(`${t.baseUrl}${prefix}/${name}.xml`);
        expect(xml.status, `${prefix}/${name}.xml`).toBe(404);
        expect(await xml.text()).toContain('<code>404</code>');
      }
    }
  });

  it('takes form fields named like Object.prototype members as plain (unknown) fields, or refuses them in format', async () => {
    const post = (prefix: string, extra: string) =>
      fetch(`${t.baseUrl}${prefix}/requests.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body:
          `${prefix === '/open311/v1' ? `api_key=${t.apiKey}&` : ''}service_code=${validReport.service_code}` +
          `&description=${encodeURIComponent(validReport.description)}&lat=${validReport.lat}&long=${validReport.long}${extra}`,
      });
    const answer = await post('/open311/v1', '&toString=1&valueOf=2&hasOwnProperty=3&toString=4');
    expect(answer.status, await answer.clone().text()).toBe(200);
    const [created] = (await answer.json()) as { service_request_id: string }[];
    expect((await rowOf(created!.service_request_id)).request).toMatchObject({ description: validReport.description });
    // The proxy forwards as multipart, whose parser refuses such names: a 400 in format, never a 5xx.
    for (const [prefix, extra] of [['/open311/v1', '&__proto__=x&__proto__=y'], ['/proxy/open311/v1', '&toString=1&__proto__=x']] as const) {
      const refused = await post(prefix, extra);
      if (refused.status !== 200) expect(await refused.json()).toEqual([{ code: 400, description: 'the form contains a forbidden field name' }]);
    }
  });
});
