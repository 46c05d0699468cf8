import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSensitiveName, redactFields, redactUrl } from '../../../src/server/http/logging';
import { StoreUnavailableError } from '../../../src/server/storage/errors';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { multipartBody, urlencoded, validReport } from '../georeport/form';
import { proxyingTestApp } from '../../helpers/proxy-key';

// Values distinctive enough that any appearance in a log line is this test's data leaking.
const person = {
  email: 'aino.virtanen.logtest@example.fi',
  first_name: 'Ainoxqz',
  last_name: 'Virtaslogtest',
  phone: '+358401234987',
  device_id: 'device-logtest-5521',
  account_id: 'account-logtest-7734',
};
const password = 'correct-horse-logtest-9911';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: unknown;
  res?: unknown;
}

describe('structured logs', () => {
  let t: TestApp;
  let proxyKey: string;
  beforeAll(async () => ({ t, proxyKey } = await proxyingTestApp()));
  afterAll(() => t.close());

  it('hold no personal data, key or password, whatever the request carried', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#321' } }).jpeg().toBuffer();
    const answers = [
      await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...urlencoded({ ...validReport, ...person, api_key: t.apiKey }) }),
      await t.app.inject({
        method: 'POST',
        url: '/open311/v1/requests.xml',
        ...(await multipartBody({ ...validReport, ...person, api_key: t.apiKey }, [{ fileName: `${person.last_name}.jpg`, type: 'image/jpeg', data: jpeg }])),
      }),
      // Refused input: the error path must not log it either.
      await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...urlencoded({ ...validReport, ...person, lat: 'north', api_key: t.apiKey }) }),
      await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...urlencoded({ ...validReport, ...person, api_key: `${t.apiKey}x` }) }),
      // Secrets and personal data in a query string are redacted from the logged URL.
      await t.app.inject({ url: `/open311/v1/requests.json?api_key=${t.apiKey}&email=${encodeURIComponent(person.email)}&phone=${encodeURIComponent(person.phone)}` }),
      // A body that is not valid JSON: parsers quote what they choke on.
      await t.app.inject({ method: 'POST', url: '/moderation/api/session', headers: { 'content-type': 'application/json' }, payload: `{"name":"${person.email}",` }),
      await t.app.inject({ method: 'POST', url: '/', headers: { 'content-type': 'application/json', cookie: `kerro_session=${password}` }, payload: `{"email":"${person.email}` }),
      await t.app.inject({ method: 'POST', url: '/moderation/api/session', payload: { name: person.first_name, password } }),
      await t.app.inject({
        url: '/moderation/api/requests',
        headers: { cookie: `kerro_session=${password}`, 'x-csrf-token': password, authorization: `Bearer ${password}` },
      }),
    ];
    // Through the proxy over real HTTP: its own log lines and the embedded service's.
    const viaProxy = await fetch(`${t.baseUrl}/proxy/open311/v1/requests.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...validReport, ...person }).toString(),
    });
    expect(viaProxy.status).toBe(200);
    // POST / with a broken JSON body: no route takes it, and that (404) is the answer, not the body's 400.
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 400, 403, 200, 400, 404, 401, 401]);

    const text = t.logs.join('');
    expect(t.logs.length).toBeGreaterThan(10);
    for (const secret of [...Object.values(person), encodeURIComponent(person.email), t.apiKey, proxyKey, password]) {
      expect(text, `log contains ${secret}`).not.toContain(secret);
    }
    expect(text).toContain('api_key=[redacted]');
  });

  it('hold no value of a field whose name marks it secret or personal, in any form a caller can write it', async () => {
    const secrets = Array.from({ length: 10 }, (_, index) => `leak${index}x${Math.random().toString(36).slice(2, 10)}`);
    const [geoKey, geoKeyHeader, csrf, attribute, attributeEncoded, emails, csrfHeader, bodyAttribute, bodyEmails, bodyCsrf] = secrets;
    const answers = [
      await t.app.inject({
        url: `/proxy/geocoding/v1/search?text=Mannerheimintie&digitransit-subscription-key=${geoKey}`,
        headers: { 'digitransit-subscription-key': geoKeyHeader! },
      }),
      await t.app.inject({
        url: `/open311/v1/requests.json?csrf_token=${csrf}&attribute[DEPTH]=${attribute}&attribute%5BSIZE%5D=${attributeEncoded}&email[]=${emails}`,
        headers: { 'x-csrf-token': csrfHeader! },
      }),
      await t.app.inject({
        method: 'POST',
        url: `/open311/v1/requests.json?digitransit-subscription-key=${geoKey}`,
        ...urlencoded({ ...validReport, api_key: t.apiKey, 'attribute[DEPTH]': bodyAttribute!, 'email[]': bodyEmails!, csrf_token: bodyCsrf! }),
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).not.toContain(500);
    const text = t.logs.join('');
    for (const secret of secrets) expect(text, `log contains ${secret}`).not.toContain(secret);
    expect(text).toContain('digitransit-subscription-key=[redacted]');
    expect(text).toContain('attribute[DEPTH]=[redacted]');
  });

  it('gives every request line a request id, the one echoed to the caller', async () => {
    const answer = await t.app.inject({ url: '/open311/v1/services.json', headers: { 'x-request-id': 'trace-logtest-1' } });
    expect(answer.headers['x-request-id']).toBe('trace-logtest-1');
    const lines = t.logs.map((line) => JSON.parse(line) as LogLine);
    const requestLines = lines.filter((line) => line.req !== undefined || line.res !== undefined);
    expect(requestLines.length).toBeGreaterThan(10);
    for (const line of requestLines) expect(line.reqId, JSON.stringify(line)).toMatch(/^[A-Za-z0-9._:-]+$/);
    const traced = requestLines.filter((line) => line.reqId === 'trace-logtest-1');
    // One line per request, with what an operator needs to read it.
    expect(traced).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request',
        req: { method: 'GET', url: '/open311/v1/services.json', host: 'localhost:80' },
        res: { statusCode: 200 },
        ms: expect.any(Number),
        bytes: expect.any(Number),
      }),
    ]);
  });
});

describe('a database outage in the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { captureLogs: true });
  });
  afterAll(() => t.close());

  it('says so once per request, with the request id once (duplicate keys break JSON readers)', async () => {
    const { serviceTypes } = t.repositories;
    const list = serviceTypes.list;
    // The store's own "cannot be reached" error, as a lost PostgreSQL or a locked SQLite raises it.
    serviceTypes.list = () => Promise.reject(new StoreUnavailableError(new Error('connection refused')));
    try {
      const answer = await t.app.inject({ url: '/open311/v1/services.json', headers: { 'x-request-id': 'trace-outage-1' } });
      expect(answer.statusCode).toBe(400);
    } finally {
      serviceTypes.list = list;
    }
    const lines = t.logs.filter((line) => line.includes('GeoReport request failed: the database cannot be reached'));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.match(/"reqId"/g)).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, reqId: 'trace-outage-1' });
  });
});

describe('the redaction rule', () => {
  it('goes by the words a name is made of', () => {
    for (const name of ['api_key', 'apiKey', 'X-Api-Key', 'digitransit-subscription-key', 'csrf_token', 'csrfToken', 'attribute[DEPTH]',
      'attribute[DEPTH][]', 'email[]', 'Email', 'first_name', 'device_id', 'account_id', 'password', 'authorization', 'cookie', 'api%5Fkey']) {
      expect(isSensitiveName(name), name).toBe(true);
    }
    // A body's id names a municipality, not a request body: logged. A body itself stays redacted.
    expect(isSensitiveName('body'), 'body').toBe(true);
    expect(isSensitiveName('rawBody'), 'rawBody').toBe(true);
    expect(isSensitiveName('body[email]'), 'body[email]').toBe(true);
    for (const name of ['status', 'service_code', 'lat', 'long', 'page', 'keywords', 'updated_after', 'text', 'size', 'bodyId', 'body_id', 'body_id[]']) {
      expect(isSensitiveName(name), name).toBe(false);
    }
  });

  it('redacts such fields of a logged object at any depth, without changing the object', () => {
    const headers = { host: 'x', 'digitransit-subscription-key': 's1', 'x-csrf-token': 's2' };
    const logged = { headers, form: { 'attribute[A]': 's3', list: [{ 'email[]': 's4' }] }, ms: 3 };
    expect(redactFields(logged)).toEqual({
      headers: { host: 'x', 'digitransit-subscription-key': '[redacted]', 'x-csrf-token': '[redacted]' },
      form: { 'attribute[A]': '[redacted]', list: [{ 'email[]': '[redacted]' }] },
      ms: 3,
    });
    expect(headers['x-csrf-token']).toBe('s2');
  });
});

describe('redactUrl', () => {
  it('replaces sensitive query values and keeps everything else as sent', () => {
    expect(redactUrl('/open311/v1/requests.json?api_key=abc&status=open&Email=a%40b.fi&api%5Fkey=x')).toBe(
      '/open311/v1/requests.json?api_key=[redacted]&status=open&Email=[redacted]&api%5Fkey=[redacted]',
    );
    expect(redactUrl('/media/abc.jpg')).toBe('/media/abc.jpg');
    expect(redactUrl('/x?%E0%A4%A=1&phone')).toBe('/x?%E0%A4%A=1&phone');
  });
});
