/**
 * The counters proxy never hands out the upstream's address: every link in every format (JSON
 * next/previous, the CSV Link header, the browsable page), every redirect and every suffix form
 * points back at /proxy/counters/ on the client's origin (or PUBLIC_BASE_URL), and the content
 * type is the upstream's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counters, createCountersApp, type CountersTestApp } from '../counters/counters-app';
import { startFakeUpstream } from './fake-upstream';

/** The href of the anchor with that rel, entity-decoded as a browser would. */
function hrefOf(html: string, rel: string): string | undefined {
  const match = new RegExp(`<a rel="${rel}" href="([^"]*)"`).exec(html);
  return match?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

const allHrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));

describe('the counters proxy in front of the embedded service (over loopback, as by default)', () => {
  let t: CountersTestApp;
  let upstreamAddress: string;
  beforeAll(async () => {
    t = await createCountersApp(counters(5), { ALLOWED_HOSTS: 'localhost,127.0.0.1,kerro.example' });
    upstreamAddress = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).host;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const expectNoUpstreamAddress = (response: Awaited<ReturnType<typeof get>>, url: string) => {
    expect(JSON.stringify(response.headers), url).not.toContain(upstreamAddress);
    expect(response.body, url).not.toContain(upstreamAddress);
    expect(response.body, url).not.toMatch(/\/api\/counters/);
    expect(String(response.headers.location ?? ''), url).not.toMatch(/\/api\/counters/);
  };

  it('re-points the CSV Link header at the proxy', async () => {
    const response = await get('/proxy/counters/?format=csv&page=2&page_size=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBe(
      '<http://localhost:80/proxy/counters/?format=csv&page=3&page_size=1>; rel="next", ' +
        '<http://localhost:80/proxy/counters/?format=csv&page_size=1>; rel="prev"',
    );
  });

  it('shows the browsable page (format=api) with every link through the proxy, on the origin the client used', async () => {
    const response = await get('/proxy/counters/?format=api&page=2&page_size=1', { host: 'kerro.example:8443' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(hrefOf(response.body, 'next')).toBe('http://kerro.example:8443/proxy/counters/?format=api&page=3&page_size=1');
    expect(hrefOf(response.body, 'prev')).toBe('http://kerro.example:8443/proxy/counters/?format=api&page_size=1');
    expect(response.body).toContain('Page 2 of 5');
    for (const href of allHrefs(response.body)) expect(href).toMatch(/^http:\/\/kerro\.example:8443\/proxy\/counters\/\?/);
    expect(response.body).toContain('GET</b> /proxy/counters/?format=api&#38;page=2&#38;page_size=1');
    expectNoUpstreamAddress(response, 'format=api');
  });

  it('keeps the upstream\'s content type', async () => {
    const json = await get('/proxy/counters/?page_size=1');
    expect(json.headers['content-type']).toBe('application/json');
    expect(json.json().next).toBe('http://localhost:80/proxy/counters/?page=2&page_size=1');
    expect((await get('/proxy/counters/1/')).headers['content-type']).toBe('application/json');
    expect((await get('/proxy/counters/1/?format=csv')).headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('keeps redirects inside /proxy/counters/', async () => {
    const detail = await get('/proxy/counters/1?format=json');
    expect(detail.statusCode).toBe(301);
    expect(detail.headers.location).toBe('/proxy/counters/1/?format=json');
    const list = await get('/proxy/counters?page=2&page_size=1');
    expect(list.statusCode).toBe(301);
    expect(list.headers.location).toBe('/proxy/counters/?page=2&page_size=1');
    expect((await get(list.headers.location!)).json().results.features[0].id).toBe(2);
  });

  it('answers DRF format suffixes through the proxy, links kept in the suffix form', async () => {
    const csv = await get('/proxy/counters.csv?page_size=2');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers.link).toBe('<http://localhost:80/proxy/counters.csv?page=2&page_size=2>; rel="next"');
    const json = await get('/proxy/counters.json?page_size=2');
    expect(json.json().next).toBe('http://localhost:80/proxy/counters.json?page=2&page_size=2');
    expect((await get('/proxy/counters/1.json')).json().id).toBe(1);
    const api = await get('/proxy/counters.api?page_size=2');
    expect(api.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(hrefOf(api.body, 'next')).toBe('http://localhost:80/proxy/counters.api?page=2&page_size=2');
    const single = await get('/proxy/counters/1.api');
    expect(single.body).toContain('Counter Instance');
  });

  it('hands out no upstream address in any answer, errors included', async () => {
    for (const url of [
      '/proxy/counters/',
      '/proxy/counters/?format=api',
      '/proxy/counters/?format=csv&page_size=1',
      '/proxy/counters/?format=api&page=99',
      '/proxy/counters/?format=api&latitude=x&longitude=1&distance=1',
      '/proxy/counters/7/?format=api',
      '/proxy/counters/1',
      '/proxy/counters/1.api',
      '/proxy/counters.csv?page_size=1',
      '/proxy/counters.api?page_size=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expectNoUpstreamAddress(response, url);
    }
    const invalidPage = await get('/proxy/counters/?format=api&page=99');
    expect(invalidPage.statusCode).toBe(404);
    expect(invalidPage.body).toContain('&#34;detail&#34;: &#34;Invalid page.&#34;');
  });
});

describe('the counters proxy in front of another DRF service', () => {
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  let t: CountersTestApp;
  beforeAll(async () => {
    upstream = await startFakeUpstream((request, response) => {
      const url = new URL(request.url, 'http://x');
      if (url.pathname === '/city/api/counters/' && url.searchParams.get('format') === 'csv') {
        response.writeHead(200, {
          'content-type': 'text/csv; charset=utf-8',
          link: '<https://public.city.example/city/api/counters/?format=csv&page=2>; rel="next", <https://elsewhere.example/x>; rel="help"',
        });
        response.end('id\r\n1\r\n');
      } else if (url.pathname === '/city/api/counters/') {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(
          JSON.stringify({
            count: 300,
            next: `https://public.city.example/city/api/counters/?${url.search.slice(1).replace(/page=\d+/, 'page=3')}`,
            previous: '/city/api/counters/?format=json',
            results: { type: 'FeatureCollection', features: [] },
          }),
        );
      } else if (url.pathname === '/city/api/counters/7') {
        // Django's APPEND_SLASH answers with a path.
        response.writeHead(301, { location: '/city/api/counters/7/' });
        response.end();
      } else if (url.pathname === '/city/api/counters/8/') {
        response.writeHead(302, { location: 'https://sso.city.example/login?next=/city/api/counters/8/' });
        response.end();
      } else {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end('{"detail":"Not found."}');
      }
    });
    t = await createCountersApp([], { COUNTERS_URL: `${upstream.url}/city/api/counters` });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('re-points absolute and relative links, keeps its content type, and drops a link it cannot re-point', async () => {
    const page = await get('/proxy/counters/?format=json&page=2');
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(page.json().next).toBe('http://localhost:80/proxy/counters/?format=json&page=3');
    expect(page.json().previous).toBe('http://localhost:80/proxy/counters/?format=json');
    const csv = await get('/proxy/counters/?format=csv');
    expect(csv.headers.link).toBe('<http://localhost:80/proxy/counters/?format=csv&page=2>; rel="next"');
  });

  it('asks for JSON when the browsable page is wanted, and renders it with api links', async () => {
    const page = await get('/proxy/counters/?format=api&page=2');
    expect(upstream.received.at(-1)!.url).toBe('/city/api/counters/?format=json&page=2');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(hrefOf(page.body, 'next')).toBe('http://localhost:80/proxy/counters/?format=api&page=3');
    expect(hrefOf(page.body, 'prev')).toBe('http://localhost:80/proxy/counters/?format=api');
    expect(page.body).toContain('Page 2 of 3');
    expect(page.body).not.toContain(upstream.url.replace('http://', ''));
  });

  it('re-points the upstream\'s redirects into the proxy, and refuses one that leaves its API', async () => {
    const inside = await get('/proxy/counters/7?x=1');
    expect(inside.statusCode).toBe(301);
    expect(inside.headers.location).toBe('/proxy/counters/7/');
    const outside = await get('/proxy/counters/8/');
    expect(outside.statusCode).toBe(502);
    expect(outside.headers.location).toBeUndefined();
    expect(outside.json()).toEqual({ detail: 'the counter list service redirected outside its API' });
  });
});
