/**
 * The proxy's two paths answer alike: in-process to the service embedded in the same app (no
 * OPEN311_URL/COUNTERS_URL), and over real HTTP to a configured upstream (a second Kerro app
 * listening on loopback, whose store is the same one the first app's embedded service uses).
 * Each case goes to both proxies; status, content type, encoding and body (ids aside) must match.
 */
import { gunzipSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCounters } from '../../../src/server/counters/demo-data';
import { createTestApp, publish, startTime, type TestApp } from '../../helpers/georeport-app';
import { makeJpeg } from '../../helpers/images';
import { multipartBody, urlencoded, validReport } from '../georeport/form';

const postLimit = 14;
const email = 'resident.hop@example.org';

/** The body with service request ids blanked: each POST makes a new one. */
function withoutIds(body: string): string {
  return body
    .replace(/"service_request_id":"[^"]*"/g, '"service_request_id":"ID"')
    .replace(/<service_request_id>[^<]*<\/service_request_id>/g, '<service_request_id>ID</service_request_id>');
}

function expectAlike(embedded: LightMyRequestResponse, http: LightMyRequestResponse) {
  expect(http.statusCode, `${http.body.slice(0, 300)} vs ${embedded.body.slice(0, 300)}`).toBe(embedded.statusCode);
  for (const header of ['content-type', 'content-encoding', 'vary', 'etag', 'location', 'cache-control']) {
    expect(http.headers[header], header).toEqual(embedded.headers[header]);
  }
  expect(withoutIds(http.body)).toBe(withoutIds(embedded.body));
}

describe('the proxy in-process (embedded) and over HTTP (configured upstream)', () => {
  let service: TestApp;
  let external: TestApp;
  let publishedId: string;
  const both = async (options: InjectOptions) => {
    const embedded = await service.app.inject(options);
    const http = await external.app.inject(options);
    expectAlike(embedded, http);
    return { embedded, http };
  };
  const post = async (file: string, body: { payload: Buffer | string; headers: Record<string, string> }) =>
    both({ method: 'POST', url: `/proxy/open311/v1/${file}`, payload: body.payload, headers: body.headers });

  beforeAll(async () => {
    service = await createTestApp({ PROXY_POSTS_PER_MINUTE: String(postLimit) }, { listen: true, captureLogs: true });
    external = await createTestApp({
      PROXY_POSTS_PER_MINUTE: String(postLimit),
      OPEN311_URL: `${service.baseUrl}/open311/v1`,
      COUNTERS_URL: `${service.baseUrl}/api/counters`,
      OPEN311_API_KEY: service.apiKey,
    });
    await service.repositories.counters.upsertMany(generateDemoCounters(startTime, 5));
    const photo = await makeJpeg(40, 30);
    const body = await multipartBody({ ...validReport, api_key: service.apiKey }, [{ fileName: 'a.jpg', type: 'image/jpeg', data: photo }]);
    const created = await service.app.inject({ method: 'POST', url: '/open311/v1/requests.json', payload: body.payload, headers: body.headers });
    publishedId = created.json()[0].service_request_id;
    await publish(service, publishedId);
  });
  afterAll(async () => {
    await external?.close();
    await service?.close();
  });

  it('passes GETs alike: discovery, services, listings, a request with its media links, unknown paths', async () => {
    for (const url of [
      '/proxy/open311/v1/discovery.json',
      '/proxy/open311/v1/services.json?locale=fi',
      '/proxy/open311/v1/services/900.xml',
      '/proxy/open311/v1/requests.json?extensions=true',
      '/proxy/open311/v1/requests.xml',
      `/proxy/open311/v1/requests/${publishedId}.json?extensions=true`,
      '/proxy/open311/v1/requests/NOPE-1.json',
      '/proxy/open311/v1/nothing.xml',
      '/proxy/open311/v1/requests.csv',
    ]) {
      const { embedded } = await both({ method: 'GET', url });
      expect(embedded.body).not.toContain(email);
    }
    const { embedded } = await both({ method: 'GET', url: `/proxy/open311/v1/requests/${publishedId}.json?extensions=true` });
    expect(embedded.json()[0].media_url).toMatch(/^http:\/\/kerro\.test\/media\//);
  });

  it('re-points counter links alike, and keeps the upstream compression and the 304', async () => {
    for (const url of ['/proxy/counters/?page_size=2', '/proxy/counters/?page_size=2&page=2', '/proxy/counters.csv', '/proxy/counters/no-such/', '/proxy/counters?page_size=1']) {
      await both({ method: 'GET', url });
    }
    const { embedded } = await both({ method: 'GET', url: '/proxy/counters/?page_size=2' });
    expect(embedded.json().next).toBe('http://kerro.test/proxy/counters/?page=2&page_size=2');

    const gzipped = await both({ method: 'GET', url: '/proxy/open311/v1/requests.json?extensions=true', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.embedded.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.embedded.rawPayload).toString())[0].service_request_id).toBe(publishedId);
    for (const url of ['/proxy/counters/?page_size=2', '/proxy/open311/v1/services.json']) {
      const { embedded: first } = await both({ method: 'GET', url });
      const etag = first.headers.etag;
      // Whatever the service does with a validator (a 304, or not yet), both paths do the same.
      if (typeof etag === 'string') await both({ method: 'GET', url, headers: { 'if-none-match': etag } });
    }
    // A re-pointed counter page carries this server's tag of the bytes it sends, and its 304.
    const page = await both({ method: 'GET', url: '/proxy/counters/?page_size=3' });
    expect(page.embedded.headers.etag).toMatch(/^"/);
    for (const etag of [page.embedded.headers.etag, page.http.headers.etag]) {
      const again = await both({ method: 'GET', url: '/proxy/counters/?page_size=3', headers: { 'if-none-match': String(etag) } });
      expect(again.embedded.statusCode).toBe(304);
    }
  });

  it('answers the listing\'s validator with 304 alike, in every coding, and 200 to another tag', async () => {
    for (const url of ['/proxy/open311/v1/requests.json', '/proxy/open311/v1/requests.xml?extensions=true']) {
      for (const coding of ['br', 'gzip', 'identity']) {
        const { embedded: first } = await both({ method: 'GET', url, headers: { 'accept-encoding': coding } });
        expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
        const again = await both({ method: 'GET', url, headers: { 'accept-encoding': coding, 'if-none-match': String(first.headers.etag) } });
        expect(again.embedded.statusCode).toBe(304);
        expect(again.embedded.rawPayload.length).toBe(0);
        expect(again.embedded.headers.etag).toBe(first.headers.etag);
        const other = await both({ method: 'GET', url, headers: { 'accept-encoding': coding, 'if-none-match': '"another-tag"' } });
        expect(other.embedded.statusCode).toBe(200);
      }
    }
  });

  it('creates reports alike, with two photos, in JSON and XML, never echoing personal data', async () => {
    const photos = [
      { fileName: 'one.jpg', type: 'image/jpeg', data: await makeJpeg(64, 48) },
      { fileName: 'two.jpg', type: 'image/jpeg', data: await makeJpeg(48, 64) },
    ];
    const fields = { ...validReport, email, first_name: 'Hop', phone: '+358401234567', api_key: 'the browser never sets the key' };
    const json = await post('requests.json', await multipartBody(fields, photos));
    expect(json.embedded.statusCode, json.embedded.body).toBe(200);
    const xml = await post('requests.xml', await multipartBody(fields, photos));
    expect(xml.embedded.body).toContain('<service_request_id>');
    for (const answer of [json.embedded, json.http, xml.embedded, xml.http]) expect(answer.body).not.toMatch(/resident\.hop|358401234567/);
    // Both reports reached the one service, each with its two photos.
    for (const answer of [json.embedded, json.http]) {
      const id = answer.json()[0].service_request_id as string;
      const row = await service.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM request_media WHERE service_request_id = ?', id);
      expect(Number(row?.n)).toBe(2);
    }
  });

  it('refuses bad reports alike: the proxy\'s own checks and the service\'s', async () => {
    const jpeg = await makeJpeg(40, 30);
    await post('requests.json', urlencoded({ description: 'no service code' }));
    await post('requests.xml', urlencoded({ ...validReport, lat: 'north' }));
    await post('requests.json', urlencoded({ ...validReport, service_code: '404404' }));
    await post('requests.json', urlencoded({ ...validReport, service_code: '900' }));
    await post('requests.json', await multipartBody(validReport, [{ fileName: 'x.jpg', type: 'image/jpeg', data: Buffer.from('not a picture') }]));
    await post('requests.json', await multipartBody(validReport, Array.from({ length: 6 }, (_, n) => ({ fileName: `${n}.jpg`, type: 'image/jpeg', data: jpeg }))));
    await post('followers.json', urlencoded({ email }));
    const follow = await post(`requests/${publishedId}/followers.json`, urlencoded({ email, locale: 'en' }));
    expect(follow.embedded.body).not.toContain(email);
    await post(`requests/${publishedId}/followers.json`, urlencoded({ email: 'not an address' }));
  });

  it('hands the embedded report and counter page over in-process: the service gets no second request', async () => {
    const before = service.logs.length;
    const body = urlencoded(validReport);
    const answer = await service.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', payload: body.payload, headers: body.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const lines = service.logs.slice(before).join('\n');
    expect(lines).toMatch(/"url":"\/proxy\/open311\/v1\/requests\.json/);
    expect(lines).not.toMatch(/"url":"\/open311\/v1\/requests\.json/);
    // The counter list page too: rendered for the proxy without a request to the service's route.
    const logged = service.logs.length;
    expect((await service.app.inject({ method: 'GET', url: '/proxy/counters/?page_size=4' })).statusCode).toBe(200);
    const pageLines = service.logs.slice(logged).join('\n');
    expect(pageLines).toMatch(/"url":"\/proxy\/counters\/\?page_size=4"/);
    expect(pageLines).not.toMatch(/"url":"\/api\/counters/);
    // Keep the two proxies' POST counts equal for the rate limit below.
    await external.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', payload: body.payload, headers: body.headers });
  });

  it('rate-limits alike: the same number of reports, then the same 429', async () => {
    let limited: Awaited<ReturnType<typeof post>> | undefined;
    for (let attempt = 0; attempt < postLimit + 1 && !limited; attempt += 1) {
      const answer = await post('requests.json', urlencoded({ description: 'no service code' }));
      if (answer.embedded.statusCode === 429) limited = answer;
    }
    expect(limited?.embedded.json()[0]).toMatchObject({ code: 429 });
  });
});

describe('the proxy\'s key in-process: the service checks it as it does over HTTP', () => {
  let service: TestApp;
  let embeddedWrongKey: TestApp;
  let externalWrongKey: TestApp;
  beforeAll(async () => {
    service = await createTestApp({}, { listen: true });
    embeddedWrongKey = await createTestApp({ OPEN311_API_KEY: 'not-a-valid-key' });
    externalWrongKey = await createTestApp({ OPEN311_URL: `${service.baseUrl}/open311/v1`, OPEN311_API_KEY: 'not-a-valid-key' });
  });
  afterAll(async () => {
    await externalWrongKey?.close();
    await embeddedWrongKey?.close();
    await service?.close();
  });

  it('refuses a report sent with a key the service does not know, with the same answer on both paths', async () => {
    const body = urlencoded(validReport);
    const options = { method: 'POST' as const, url: '/proxy/open311/v1/requests.json', payload: body.payload, headers: body.headers };
    const embedded = await embeddedWrongKey.app.inject(options);
    const http = await externalWrongKey.app.inject(options);
    expect(embedded.statusCode).toBeGreaterThanOrEqual(400);
    expect(embedded.statusCode).toBeLessThan(500);
    expectAlike(embedded, http);
    expect(embedded.body).not.toContain('not-a-valid-key');
  });
});

describe('the in-process counter page with the proxy\'s own cache off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ COUNTERS_CACHE_SECONDS: '0' });
    await t.repositories.counters.upsertMany(generateDemoCounters(startTime, 5));
  });
  afterAll(() => t?.close());

  it('shows a change to the counters at once, though the re-pointed page is kept with the service\'s', async () => {
    const page = async () => (await t.app.inject({ method: 'GET', url: '/proxy/counters/?page_size=4' })).json();
    const first = await page();
    expect(await page()).toEqual(first);
    await t.repositories.counters.upsertMany(generateDemoCounters(startTime, 9));
    expect((await page()).count).toBeGreaterThan(first.count);
  });
});
