import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../../src/server/http/logging';
import { StoreUnavailableError } from '../../../src/server/storage/errors';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { multipartBody, urlencoded, validReport } from '../georeport/form';
import { readProxyApiKey } from '../../helpers/proxy-key';

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
  beforeAll(async () => {
    t = await createTestApp({ PROXY_POSTS_PER_MINUTE: '1000' }, { listen: true, captureLogs: true });
    proxyKey = await readProxyApiKey(t.env);
  });
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
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 400, 403, 200, 400, 400, 401, 401]);

    const text = t.logs.join('');
    expect(t.logs.length).toBeGreaterThan(10);
    for (const secret of [...Object.values(person), encodeURIComponent(person.email), t.apiKey, proxyKey, password]) {
      expect(text, `log contains ${secret}`).not.toContain(secret);
    }
    expect(text).toContain('api_key=[redacted]');
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

describe('redactUrl', () => {
  it('replaces sensitive query values and keeps everything else as sent', () => {
    expect(redactUrl('/open311/v1/requests.json?api_key=abc&status=open&Email=a%40b.fi&api%5Fkey=x')).toBe(
      '/open311/v1/requests.json?api_key=[redacted]&status=open&Email=[redacted]&api%5Fkey=[redacted]',
    );
    expect(redactUrl('/media/abc.jpg')).toBe('/media/abc.jpg');
    expect(redactUrl('/x?%E0%A4%A=1&phone')).toBe('/x?%E0%A4%A=1&phone');
  });
});
