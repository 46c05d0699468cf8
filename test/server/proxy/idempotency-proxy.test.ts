/**
 * The proxy holds its clients' Idempotency-Keys in the store, whichever upstream it forwards to:
 * the embedded service in-process, or another city's service over HTTP (here a second Kerro, and
 * a fake one that holds its answer). A repeat gets the first answer and never reaches the
 * upstream again; `GET /proxy/open311/v1/submissions/{key}` says whether a report arrived.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerResponse } from 'node:http';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { makeJpeg } from '../../helpers/images';
import { instanceDyingAfterCommit } from '../../helpers/instance-dying-after-commit';
import { submissionLeaseMs } from '../../../src/server/open311/idempotency';
import { multipartBody, urlencoded, validReport } from '../georeport/form';
import { startFakeUpstream } from './fake-upstream';

/** The lookup token this test's browser keeps with a key (the web app makes a random one with the draft). */
const tokenOf = (key: string) => `token-of-${key}`;
/** A report as the web app sends it: its key, and the lookup token kept with it (none when `token` is null). */
const proxyPost = (app: TestApp, fields: Record<string, string>, key?: string, token: string | null = key === undefined ? null : tokenOf(key)) => {
  const body = urlencoded(fields);
  return app.app.inject({
    method: 'POST',
    url: '/proxy/open311/v1/requests.json',
    payload: body.payload,
    headers: {
      ...body.headers,
      ...(key === undefined ? {} : { 'idempotency-key': `"${key}"` }),
      ...(token === null ? {} : { 'submission-lookup-token': token }),
    },
  });
};
const lookup = (app: TestApp, key: string, token: string | null = tokenOf(key)) =>
  app.app.inject({
    method: 'GET',
    url: `/proxy/open311/v1/submissions/${encodeURIComponent(key)}`,
    headers: token === null ? {} : { 'submission-lookup-token': token },
  });
const rowsDescribed = async (app: TestApp, description: string) =>
  Number((await app.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM service_requests WHERE description = ?', description))!.n);

describe('the proxy in front of the embedded service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PROXY_POSTS_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  it('answers a repeat with the first answer; the report is stored once and can be asked after by its key', async () => {
    const report = { ...validReport, description: 'Its answer was lost on the way back.', email: 'lost.answer@example.org' };
    const first = await proxyPost(t, report, 'f3b1c7c2-9a51-4c8e-8d0e-1a2b3c4d5e6f');
    expect(first.statusCode, first.body).toBe(200);
    const again = await proxyPost(t, report, 'f3b1c7c2-9a51-4c8e-8d0e-1a2b3c4d5e6f');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await rowsDescribed(t, report.description)).toBe(1);
    expect((await t.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox WHERE to_address = ?', report.email))!.n).toBe(1);

    const asked = await lookup(t, 'f3b1c7c2-9a51-4c8e-8d0e-1a2b3c4d5e6f');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(first.json());
    // The in-process service was handed no key: the proxy holds it, once.
    expect((await t.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM idempotency_keys WHERE idempotency_key = ?', 'f3b1c7c2-9a51-4c8e-8d0e-1a2b3c4d5e6f'))!.n).toBe(1);
  });

  it('records the key with the report: a retry after its instance died in between finds the report, even after the claim expired', async () => {
    const report = { ...validReport, description: 'Sent through the proxy just before its instance died.', email: 'proxy.crash@example.org' };
    const dying = await instanceDyingAfterCommit(t, { PROXY_POSTS_PER_MINUTE: '1000' });
    try {
      const lost = await proxyPost({ ...t, app: dying.app }, report, 'proxy-crash-key');
      expect(lost.json()[0].description).toContain('could not process the request');
    } finally {
      await dying.close();
    }
    expect(await rowsDescribed(t, report.description)).toBe(1);
    // The page asks after its key, then sends again, long after a claim left running would be taken over.
    t.clock.now += submissionLeaseMs(t.config) + 1;
    const asked = await lookup(t, 'proxy-crash-key');
    expect(asked.statusCode, asked.body).toBe(200);
    const retry = await proxyPost(t, report, 'proxy-crash-key');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.body).toBe(asked.body);
    expect(await rowsDescribed(t, report.description)).toBe(1);
  });

  it('says 404 for a key nothing arrived with, 400 for one that cannot be a key, as GeoReport errors', async () => {
    const missing = await lookup(t, 'never-sent');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual([{ code: 404, description: expect.stringContaining('no report has arrived with this Idempotency-Key') }]);
    const bad = await lookup(t, 'has "quotes"');
    expect(bad.statusCode).toBe(400);
  });

  it("gives a report's answer only to the browser that sent it: another, without its lookup token, gets the unknown key's 404", async () => {
    const report = { ...validReport, description: 'Only my browser may ask after this one.', email: 'mine@example.org' };
    const key = '0b7d8f4e-2c1a-4f4b-9e55-6a1d2c3b4a5f';
    const sent = await proxyPost(t, report, key, 'first-browser-token');
    expect(sent.statusCode, sent.body).toBe(200);

    const unknown = await lookup(t, 'c0ffee00-0000-4000-8000-000000000000', 'second-browser-token');
    expect(unknown.statusCode).toBe(404);
    for (const token of ['second-browser-token', null]) {
      const stranger = await lookup(t, key, token);
      expect(stranger.statusCode, String(token)).toBe(404);
      expect(stranger.body, String(token)).toBe(unknown.body);
    }

    const mine = await lookup(t, key, 'first-browser-token');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(sent.json());
    // Kept as a digest only: the token itself is nowhere in the store.
    const scopes = await t.sql.all<{ scope: string }>('SELECT scope FROM idempotency_keys WHERE idempotency_key = ?', key);
    expect(scopes).toHaveLength(1);
    expect(scopes[0]!.scope).not.toContain('first-browser-token');
  });

  it('finds a report sent without a token by no lookup, but gives a repeat of it its first answer', async () => {
    const report = { ...validReport, description: 'Sent by a web app from before the lookup tokens.' };
    const first = await proxyPost(t, report, 'from-before-tokens', null);
    expect(first.statusCode, first.body).toBe(200);
    expect((await lookup(t, 'from-before-tokens', null)).statusCode).toBe(404);
    const again = await proxyPost(t, report, 'from-before-tokens', null);
    expect(again.body).toBe(first.body);
    expect(await rowsDescribed(t, report.description)).toBe(1);
  });

  it('refuses a lookup token that cannot be one (400)', async () => {
    expect((await lookup(t, 'any-key', 'has "quotes"')).statusCode).toBe(400);
  });

  it('refuses the key with another body (422), photos compared by content', async () => {
    const send = async (photo: Buffer) => {
      const body = await multipartBody({ ...validReport, description: 'A photo report sent through the proxy.' }, [{ fileName: 'a.jpg', type: 'image/jpeg', data: photo }]);
      return t.app.inject({
        method: 'POST',
        url: '/proxy/open311/v1/requests.json',
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': '"proxy-photo"', 'submission-lookup-token': tokenOf('proxy-photo') },
      });
    };
    const photo = await makeJpeg(40, 30);
    const first = await send(photo);
    expect(first.statusCode, first.body).toBe(200);
    expect((await send(photo)).body).toBe(first.body);
    const other = await send(await makeJpeg(30, 40));
    expect(other.statusCode).toBe(422);
    expect(other.json()[0]).toEqual({ code: 422, description: expect.stringContaining('different request') });
    expect(await rowsDescribed(t, 'A photo report sent through the proxy.')).toBe(1);
  });
});

describe('the proxy in front of another Kerro over HTTP', () => {
  let city: TestApp;
  let proxy: TestApp;
  beforeAll(async () => {
    city = await createTestApp({}, { listen: true, captureLogs: true });
    proxy = await createTestApp({ OPEN311_URL: `${city.baseUrl}/open311/v1`, OPEN311_API_KEY: city.apiKey, PROXY_POSTS_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await proxy?.close();
    await city?.close();
  });

  it("holds the keys itself: the city's service gets the report once", async () => {
    const report = { ...validReport, description: 'Sent to the city once, however often retried.' };
    const postsSeenByCity = () =>
      city.logs.filter((line) => {
        const entry = JSON.parse(line) as { msg?: string; req?: { method?: string; url?: string } };
        return entry.msg === 'request' && entry.req?.method === 'POST' && entry.req.url?.startsWith('/open311/v1/requests.json');
      }).length;
    const first = await proxyPost(proxy, report, 'city-key-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await proxyPost(proxy, report, 'city-key-1');
    expect(again.body).toBe(first.body);
    expect(postsSeenByCity()).toBe(1);
    expect(await rowsDescribed(city, report.description)).toBe(1);
    expect((await lookup(proxy, 'city-key-1')).json()).toEqual(first.json());
    expect((await proxyPost(proxy, { ...report, description: 'Another report under the same key.' }, 'city-key-1')).statusCode).toBe(422);
    expect(postsSeenByCity()).toBe(1);
  });
});

describe('a repeat while the first is still on its way to the upstream', () => {
  let release: () => void = () => undefined;
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  let proxy: TestApp;
  beforeAll(async () => {
    upstream = await startFakeUpstream((_request, response: ServerResponse) => {
      release = () => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end('[{"service_request_id":"held-1","service_notice":""}]');
      };
    });
    proxy = await createTestApp({ OPEN311_URL: `${upstream.url}/v1`, OPEN311_API_KEY: 'city-key', PROXY_POSTS_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await proxy?.close();
    await upstream?.close();
  });

  it('answers 409 with Retry-After, then the first answer once it has come', async () => {
    const report = { ...validReport, description: 'The city is slow to answer this one.' };
    const first = proxyPost(proxy, report, 'held-key');
    await vi.waitFor(() => expect(upstream.received).toHaveLength(1));
    // The key went along, so a city that honours it dedupes too.
    expect(upstream.received[0]!.headers['idempotency-key']).toBe('"held-key"');

    const meanwhile = await proxyPost(proxy, report, 'held-key');
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.headers['retry-after']).toBe('2');
    expect(meanwhile.json()[0].code).toBe(409);
    const asked = await lookup(proxy, 'held-key');
    expect(asked.statusCode).toBe(409);

    release();
    expect((await first).statusCode).toBe(200);
    const after = await proxyPost(proxy, report, 'held-key');
    expect(after.json()).toEqual([{ service_request_id: 'held-1', service_notice: '' }]);
    expect(upstream.received).toHaveLength(1);
  });
});
