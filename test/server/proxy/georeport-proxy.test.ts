import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helsinkiFixtures } from '../../helpers/fixtures';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { multipartBody, urlencoded, validReport } from '../georeport/form';
import { startFakeUpstream } from './fake-upstream';
import { proxyingTestApp } from '../../helpers/proxy-key';

describe('the proxy in front of the embedded GeoReport service', () => {
  let t: TestApp;
  let proxyKey: string;
  beforeAll(async () => ({ t, proxyKey } = await proxyingTestApp()));
  afterAll(() => t.close());

  it('passes GET answers through unchanged, JSON and XML', async () => {
    for (const path of ['services.json?locale=fi', 'services.xml?locale=sv', 'discovery.json', 'requests.json?status=open', 'services/999.xml']) {
      const direct = await fetch(`${t.baseUrl}/open311/v1/${path}`);
      const proxied = await fetch(`${t.baseUrl}/proxy/open311/v1/${path}`);
      expect(proxied.status).toBe(direct.status);
      expect(proxied.headers.get('content-type')).toBe(direct.headers.get('content-type'));
      expect(await proxied.text()).toBe(await direct.text());
    }
  });

  it('adds its own key to a POST and drops any key the browser sent', async () => {
    const withoutKey = await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded(validReport) });
    expect(withoutKey.statusCode, withoutKey.body).toBe(200);
    const id = withoutKey.json()[0].service_request_id;
    expect(await t.repositories.serviceRequests.find(id)).toMatchObject({ description: validReport.description, moderation: 'pending' });

    const withBogusKey = await t.app.inject({
      method: 'POST',
      url: '/proxy/open311/v1/requests.xml',
      ...urlencoded({ ...validReport, api_key: 'stolen-or-made-up' }),
    });
    expect(withBogusKey.statusCode).toBe(200);
    expect(withBogusKey.body).toContain('<service_requests><request><service_request_id>');
  });

  it('refuses bad input itself with the shared schema, before it reaches the service', async () => {
    const before = await t.repositories.serviceRequests.count();
    const response = await t.app.inject({
      method: 'POST',
      url: '/proxy/open311/v1/requests.json',
      ...urlencoded({ service_code: '171', description: 'short', lat: '60.1' }),
    });
    expect(response.statusCode).toBe(400);
    const descriptions = (response.json() as { description: string }[]).map((e) => e.description);
    expect(descriptions).toEqual(
      expect.arrayContaining([expect.stringContaining('description must be at least 10'), 'lat and long must be sent together']),
    );
    expect(await t.repositories.serviceRequests.count()).toBe(before);
  });

  it('refuses HTML tags in every text a resident writes, and a javascript: media_url, as the browser sends them', async () => {
    const before = await t.repositories.serviceRequests.count();
    for (const field of ['description', 'title', 'address_string', 'first_name', 'last_name', 'service_object_id', 'service_object_type', 'device_id', 'account_id']) {
      for (const attack of ['<img src=x onerror="window.__xss=1">', '"><script>window.__xss=2</script>']) {
        // The service object's id and type come as a pair.
        const paired: Record<string, string> = field === 'service_object_id' ? { service_object_type: 'urn:x' } : field === 'service_object_type' ? { service_object_id: 'sp-1' } : {};
        const fields = { ...validReport, ...paired, [field]: field === 'description' ? `Broken ${attack} sign` : attack };
        const response = await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded(fields) });
        expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
        expect(response.body).toContain(`${field} must not contain HTML tags`);
      }
    }
    // media_url takes only http(s) image URLs.
    const media = await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded({ ...validReport, media_url: 'javascript:window.__xss=3' }) });
    expect(media.statusCode, media.body).toBe(400);
    expect(await t.repositories.serviceRequests.count()).toBe(before);
  });

  it('carries photos through to the service', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#345' } }).jpeg().toBuffer();
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#543' } }).png().toBuffer();
    const body = await multipartBody({ ...validReport, api_key: 'ignored' }, [
      { fileName: 'one.jpg', type: 'image/jpeg', data: jpeg },
      { fileName: 'two.png', type: 'image/png', data: png },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...body });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await t.repositories.serviceRequests.find(response.json()[0].service_request_id);
    expect(stored?.media.map((m) => m.content_type)).toEqual(['image/jpeg', 'image/png']);
  });

  it('never shows its key in an answer or a log line', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded(validReport) }),
      t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded({ ...validReport, description: 'bad' }) }),
      t.app.inject({ method: 'GET', url: '/proxy/open311/v1/services.json' }),
    ]);
    for (const answer of answers) {
      expect(answer.body).not.toContain(proxyKey);
      expect(JSON.stringify(answer.headers)).not.toContain(proxyKey);
    }
    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.join('\n')).not.toContain(proxyKey);
  });
});

describe('rate limiting of POSTs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PROXY_POSTS_PER_MINUTE: '3' }, { listen: true });
  });
  afterAll(() => t.close());

  it('answers 429 with a GeoReport error saying when to retry; GETs are not limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded(validReport) })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded(validReport) });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toEqual([{ code: 429, description: expect.stringMatching(/too many reports .* try again in \d+ seconds/) }]);
    const limitedXml = await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.xml', ...urlencoded(validReport) });
    expect(limitedXml.body).toContain('<errors><error><code>429</code>');
    expect((await t.app.inject({ method: 'GET', url: '/proxy/open311/v1/services.json' })).statusCode).toBe(200);
  });
});

describe('the proxy against another, independent GeoReport server', () => {
  const bom = '\uFEFF';
  const servicesJson = bom + readFileSync(join(helsinkiFixtures, 'services.json'), 'utf8');
  const servicesXml = bom + readFileSync(join(helsinkiFixtures, 'services_fi.xml'), 'utf8');
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  let t: TestApp;

  beforeAll(async () => {
    upstream = await startFakeUpstream((request, response) => {
      // A service that quotes the key it refused, as some do.
      const keyOf = /api_key(?:"\r\n\r\n|=)([^\r&]+)/.exec(request.body.toString('latin1'))?.[1];
      if (request.method === 'POST' && request.body.includes('Quote my key back')) {
        response.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify([{ code: 403, description: `api_key ${keyOf} is not valid for this jurisdiction` }]));
      } else if (request.method === 'POST' && request.url.includes('/followers.')) {
        response.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify([{ code: 403, description: `api_key ${keyOf} may not follow` }]));
      } else if (request.method === 'POST') {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(`${bom}[{"service_request_id":"8fmht6g1470b3qk8pthg","service_notice":""}]`);
      } else if (request.url.startsWith('/v1/services.xml')) {
        response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
        response.end(servicesXml);
      } else if (request.url.startsWith('/v1/services.json')) {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(servicesJson);
      } else {
        response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
        response.end('[{"code":404,"description":"not here"}]');
      }
    });
    t = await createTestApp({ OPEN311_URL: `${upstream.url}/v1`, OPEN311_API_KEY: 'city-key-123', SERVICES_CACHE_SECONDS: '60' });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  it('passes the real answers through byte for byte, byte-order mark included', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/proxy/open311/v1/services.json?locale=en' });
    expect(json.statusCode).toBe(200);
    expect(json.body).toBe(servicesJson);
    expect(JSON.parse(json.body.slice(1))).toHaveLength(10);
    const xml = await t.app.inject({ method: 'GET', url: '/proxy/open311/v1/services.xml?locale=fi' });
    expect(xml.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(xml.body).toBe(servicesXml);
    const missing = await t.app.inject({ method: 'GET', url: '/proxy/open311/v1/requests/x.json' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual([{ code: 404, description: 'not here' }]);
  });

  it('caches the service list per locale for a short while', async () => {
    const before = upstream.received.length;
    await t.app.inject({ method: 'GET', url: '/proxy/open311/v1/services.json?locale=sv' });
    await t.app.inject({ method: 'GET', url: '/proxy/open311/v1/services.json?locale=sv' });
    await t.app.inject({ method: 'GET', url: '/proxy/open311/v1/services.json?locale=fi' });
    expect(upstream.received.length - before).toBe(2);
  });

  it('posts with the configured key, never the browser one', async () => {
    const body = await multipartBody({ ...validReport, api_key: 'browser-key', email: 'a@example.org' }, [
      { fileName: 'x.png', type: 'image/png', data: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer() },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...body });
    expect(response.statusCode).toBe(200);
    // Passed through unchanged, byte-order mark and all: the browser's client strips it.
    expect(response.body.startsWith(bom)).toBe(true);
    expect(JSON.parse(response.body.slice(1))).toEqual([{ service_request_id: '8fmht6g1470b3qk8pthg', service_notice: '' }]);
    const sent = upstream.received.at(-1)!;
    expect(sent.url).toBe('/v1/requests.json');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = sent.body.toString('latin1');
    expect(text).toContain('name="api_key"\r\n\r\ncity-key-123\r\n');
    expect(text).not.toContain('browser-key');
    expect(text).toContain('name="media[]"; filename="x.png"');
    expect(text).toContain('name="email"\r\n\r\na@example.org');
  });

  it("never hands the proxy's key to the browser: reports and follows", async () => {
    const report = await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded({ ...validReport, description: 'Quote my key back, please, the whole of it.' }) });
    expect(report.statusCode).toBe(403);
    expect(report.json()).toEqual([{ code: 403, description: 'api_key [redacted] is not valid for this jurisdiction' }]);
    const follow = await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests/8fmht6g1470b3qk8pthg/followers.json', ...urlencoded({ email: 'b@example.org', locale: 'en' }) });
    expect(follow.statusCode).toBe(403);
    expect(follow.body).not.toContain('city-key-123');
    expect(follow.json()).toEqual([{ code: 403, description: 'api_key [redacted] may not follow' }]);
  });
});

describe('when the upstream fails', () => {
  it('answers 502 with an error record when it cannot be reached', async () => {
    const t = await createTestApp({ OPEN311_URL: 'http://127.0.0.1:9/v1', OPEN311_API_KEY: 'k' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/proxy/open311/v1/services.xml' });
      expect(response.statusCode).toBe(502);
      expect(response.body).toContain('<errors><error><code>502</code><description>the issue reporting service cannot be reached');
      const post = await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded(validReport) });
      expect(post.statusCode).toBe(502);
    } finally {
      await t.close();
    }
  });

  it('answers 504 when it does not answer in time, instead of hanging', async () => {
    const silent = await startFakeUpstream(() => undefined);
    const t = await createTestApp({ OPEN311_URL: `${silent.url}/v1`, OPEN311_API_KEY: 'k', UPSTREAM_TIMEOUT_MS: '300' });
    try {
      const started = Date.now();
      const response = await t.app.inject({ method: 'GET', url: '/proxy/open311/v1/services.json' });
      expect(response.statusCode).toBe(504);
      expect(response.json()[0].description).toContain('did not answer in time');
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await t.close();
      await silent.close();
    }
  });
});
