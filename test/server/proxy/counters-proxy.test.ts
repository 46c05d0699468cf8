import { beforeAll, describe, expect, it } from 'vitest';
import { rewritePageLink } from '../../../src/server/proxy/counters-proxy';
import { safeSubpath } from '../../../src/server/proxy/upstream';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { answerNotFound, useCountersUpstream, type FakeUpstream } from './fake-upstream';

describe('rewritePageLink', () => {
  it('keeps the path after the upstream base and every query parameter', () => {
    expect(rewritePageLink('https://city.example/api/counters/?format=api&page=3', 'https://city.example/api/counters', 'http://k/proxy/counters'))
      .toBe('http://k/proxy/counters/?format=api&page=3');
    expect(rewritePageLink('http://10.0.0.5:8000/api/counters/?page_size=5', 'https://city.example/api/counters', 'http://k/proxy/counters'))
      .toBe('http://k/proxy/counters/?page_size=5');
    expect(rewritePageLink(null, 'https://city.example/api/counters', 'http://k/proxy/counters')).toBeNull();
  });
});

describe('the counters proxy against an independent counters server', () => {
  const served = useCountersUpstream((request, response) => {
    if (request.url.startsWith('/api/counters/?')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        '\uFEFF' +
          JSON.stringify({
            count: 3,
            next: 'https://data.city.example/api/counters/?format=json&page=3&page_size=1',
            previous: 'https://data.city.example/api/counters/?format=json&page_size=1',
            results: { type: 'FeatureCollection', features: [{ type: 'Feature', id: 2 }] },
          }),
      );
    } else if (request.url.startsWith('/api/counters/broken/')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"count":1,"next":null,"previous":null,"results":{"type":"Feature');
    } else if (request.url.startsWith('/api/counters/pretty/')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ results: [], next: 'https://data.city.example/api/counters/pretty/?page=2', count: 9, previous: null }, null, 2));
    } else if (request.url.startsWith('/api/counters/export')) {
      response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      response.end('id,name\r\n1,a\r\n');
    } else {
      answerNotFound(response);
    }
  });
  let upstream: FakeUpstream;
  let t: TestApp;
  beforeAll(() => ({ upstream, t } = served));

  it('rewrites next and previous to point through the proxy, keeping the rest of the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/proxy/counters/?format=json&page=2&page_size=1' });
    expect(response.statusCode).toBe(200);
    expect(upstream.received.at(-1)!.url).toBe('/api/counters/?format=json&page=2&page_size=1');
    expect(response.json()).toEqual({
      count: 3,
      next: 'http://kerro.test/proxy/counters/?format=json&page=3&page_size=1',
      previous: 'http://kerro.test/proxy/counters/?format=json&page_size=1',
      results: { type: 'FeatureCollection', features: [{ type: 'Feature', id: 2 }] },
    });
  });

  it('keeps a fetched page for a short while, per page and per host asked through', async () => {
    const before = upstream.received.length;
    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: 'GET', url: '/proxy/counters/?format=json&page=7' });
    expect(upstream.received.length - before).toBe(1);
    await t.app.inject({ method: 'GET', url: '/proxy/counters/?format=json&page=8' });
    expect(upstream.received.length - before).toBe(2);
    const uncached = await createTestApp({ COUNTERS_URL: `${upstream.url}/api/counters`, COUNTERS_CACHE_SECONDS: '0' });
    try {
      const start = upstream.received.length;
      for (let i = 0; i < 2; i += 1) await uncached.app.inject({ method: 'GET', url: '/proxy/counters/?format=json&page=7' });
      expect(upstream.received.length - start).toBe(2);
    } finally {
      await uncached.close();
    }
  });

  it('re-points the links of an envelope in any key order, and refuses a truncated page with a 502', async () => {
    const reordered = await t.app.inject({ method: 'GET', url: '/proxy/counters/pretty/' });
    expect(reordered.json()).toEqual({ results: [], next: 'http://kerro.test/proxy/counters/pretty/?page=2', count: 9, previous: null });
    const broken = await t.app.inject({ method: 'GET', url: '/proxy/counters/broken/' });
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toEqual({ detail: 'the counter list service sent an answer that is not valid JSON' });
  });

  it('passes other formats and errors through', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/proxy/counters/export?x=1' });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe('id,name\r\n1,a\r\n');
    const missing = await t.app.inject({ method: 'GET', url: '/proxy/counters/999/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 502 with a detail when the counters service is down', async () => {
    const down = await createTestApp({ COUNTERS_URL: 'http://127.0.0.1:9/api/counters' });
    try {
      const response = await down.app.inject({ method: 'GET', url: '/proxy/counters/' });
      expect(response.statusCode).toBe(502);
      expect(response.json().detail).toContain('counter list service cannot be reached');
    } finally {
      await down.close();
    }
  });
});

describe('paths the proxy refuses', () => {
  it('never climbs out of the upstream it fronts', async () => {
    const t = await createTestApp({ COUNTERS_URL: 'http://127.0.0.1:9/api/counters', OPEN311_URL: 'http://127.0.0.1:9/v1', OPEN311_API_KEY: 'k' });
    try {
      for (const url of ['/proxy/counters/../moderation/api/queue', '/proxy/counters/%2e%2e/x', '/proxy/counters/a%5Cb']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
      const georeport = await t.app.inject({ method: 'GET', url: '/proxy/open311/v1/%2e%2e/%2e%2e/moderation/api/queue' });
      // Either normalised away before routing or refused by the proxy: never sent upstream (that would be 502).
      expect(georeport.statusCode).toBe(404);
      // Over real HTTP nothing normalises the path first, so the proxy checks it itself.
      for (const rest of ['..', 'a/../../b', '%2e%2e/x', 'a/%2E/b', 'a\\b', '%zz']) expect(safeSubpath(rest), rest).toBeUndefined();
      for (const rest of ['requests.json', 'requests/abc.xml', 'services/1.json']) expect(safeSubpath(rest)).toBe(rest);
    } finally {
      await t.close();
    }
  });
});
