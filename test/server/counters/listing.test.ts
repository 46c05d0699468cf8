import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counters, createCountersApp, type CountersTestApp } from './counters-app';

const list = 'http://localhost:80/api/counters/';

describe('GET /api/counters/ paging (250 counters)', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp(counters(250), { ALLOWED_HOSTS: 'localhost,counters.example' });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const ids = (body: { results: { features: { id: number }[] } }) => body.results.features.map((f) => f.id);

  it('answers the page envelope with its keys in the real order, as application/json', async () => {
    const response = await get('/api/counters/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const body = response.json();
    expect(Object.keys(body)).toEqual(['count', 'next', 'previous', 'results']);
    expect(Object.keys(body.results)).toEqual(['type', 'features']);
    expect(response.body.startsWith('{"count":250,"next":')).toBe(true);
    expect(body.results.type).toBe('FeatureCollection');
    expect(ids(body)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(body.next).toBe(`${list}?page=2`);
    expect(body.previous).toBeNull();
  });

  it('links page 2 back to a URL without any page parameter', async () => {
    const body = (await get('/api/counters/?page=2')).json();
    expect(ids(body)[0]).toBe(101);
    expect(body.previous).toBe(list);
    expect(body.next).toBe(`${list}?page=3`);
  });

  it('ends with next null on the last page, by number and by page=last', async () => {
    for (const url of ['/api/counters/?page=3', '/api/counters/?page=last']) {
      const body = (await get(url)).json();
      expect(ids(body)).toEqual(Array.from({ length: 50 }, (_, i) => i + 201));
      expect(body.next).toBeNull();
      expect(body.previous).toBe(`${list}?page=2`);
    }
  });

  it.each(['4', '0', '-1', 'abc', '1.5', 'LAST', '99999999999999999999'])('answers page=%s with 404 Invalid page.', async (page) => {
    const response = await get(`/api/counters/?page=${page}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Invalid page.' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('treats a blank page as page 1, takes the last of repeated values, and accepts Python int forms', async () => {
    expect(ids((await get('/api/counters/?page=')).json())[0]).toBe(1);
    expect(ids((await get('/api/counters/?page=3&page=2')).json())[0]).toBe(101);
    expect(ids((await get('/api/counters/?page=%202%20')).json())[0]).toBe(101);
    expect(ids((await get('/api/counters/?page=02')).json())[0]).toBe(101);
  });

  it('sets the page size with page_size and keeps it in the links', async () => {
    const body = (await get('/api/counters/?page_size=7&page=2')).json();
    expect(ids(body)).toEqual([8, 9, 10, 11, 12, 13, 14]);
    expect(body.next).toBe(`${list}?page=3&page_size=7`);
    expect(body.previous).toBe(`${list}?page_size=7`);
    const last = (await get('/api/counters/?page_size=7&page=last')).json();
    expect(ids(last)).toEqual([246, 247, 248, 249, 250]);
  });

  it.each(['0', '-5', 'abc', '', '2.5'])('falls back to 100 a page for page_size=%s', async (size) => {
    const body = (await get(`/api/counters/?page_size=${size}`)).json();
    expect(body.results.features).toHaveLength(100);
    expect(body.next).toBe(`${list}?page=2&page_size=${size}`);
  });

  it('keeps every query parameter in the links, sorted by name and re-encoded as DRF does', async () => {
    const body = (await get('/api/counters/?zeta=1&alpha=x%20y&format=json&page=2&page_size=10&alpha=2')).json();
    expect(body.next).toBe(`${list}?alpha=x+y&alpha=2&format=json&page=3&page_size=10&zeta=1`);
    expect(body.previous).toBe(`${list}?alpha=x+y&alpha=2&format=json&page_size=10&zeta=1`);
  });

  it('builds links from the Host header, or from PUBLIC_BASE_URL when set', async () => {
    const body = (await get('/api/counters/?page=2', { host: 'counters.example:8080' })).json();
    expect(body.next).toBe('http://counters.example:8080/api/counters/?page=3');
    expect(body.previous).toBe('http://counters.example:8080/api/counters/');

    const other = await createCountersApp(counters(3), { PUBLIC_BASE_URL: 'https://kerro.example/city/' });
    try {
      const paged = (await other.app.inject('/api/counters/?page_size=1&page=2')).json();
      expect(paged.next).toBe('https://kerro.example/city/api/counters/?page=3&page_size=1');
      expect(paged.previous).toBe('https://kerro.example/city/api/counters/?page_size=1');
    } finally {
      await other.close();
    }
  });

  it('refuses a Host header that is not a plain host name, or not an allowed one', async () => {
    for (const host of ['evil.example/"><x', 'evil.example']) {
      const response = await get('/api/counters/', { host });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: expect.stringContaining('Host header') });
    }
  });

  it('redirects the URLs without a trailing slash, query kept, as Django does', async () => {
    const listing = await get('/api/counters?page=2&format=api');
    expect(listing.statusCode).toBe(301);
    expect(listing.headers.location).toBe('/api/counters/?page=2&format=api');
    const single = await get('/api/counters/17');
    expect(single.statusCode).toBe(301);
    expect(single.headers.location).toBe('/api/counters/17/');
  });

  it('answers HEAD like GET without a body, a CORS preflight, and 405 to writes', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/counters/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/counters/',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(200);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
    // POST is the polygon search (polygon-search.test.ts); the other writes are refused.
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/counters/', payload: { name: 'x' } });
    expect(patch.statusCode).toBe(405);
    expect(patch.json()).toEqual({ detail: 'Method "PATCH" not allowed.' });
    expect(patch.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
  });
});

describe('GET /api/counters/ page size limits and the empty list', () => {
  it('caps page_size at 1000', async () => {
    const t = await createCountersApp(counters(1005));
    try {
      const body = (await t.app.inject('/api/counters/?page_size=5000')).json();
      expect(body.count).toBe(1005);
      expect(body.results.features).toHaveLength(1000);
      expect(body.next).toBe(`${list}?page=2&page_size=5000`);
      const second = (await t.app.inject('/api/counters/?page_size=1000&page=2')).json();
      expect(second.results.features.map((f: { id: number }) => f.id)).toEqual([1001, 1002, 1003, 1004, 1005]);
    } finally {
      await t.close();
    }
  });

  it('has one empty page when there are no counters', async () => {
    const t = await createCountersApp([]);
    try {
      for (const url of ['/api/counters/', '/api/counters/?page=1', '/api/counters/?page=last']) {
        const response = await t.app.inject(url);
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe('{"count":0,"next":null,"previous":null,"results":{"type":"FeatureCollection","features":[]}}');
      }
      expect((await t.app.inject('/api/counters/?page=2')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
