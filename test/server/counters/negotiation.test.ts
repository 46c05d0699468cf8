/**
 * Content negotiation by Accept, as DRF's DefaultContentNegotiation does it for the real
 * service's renderers (JSON, the browsable page, CSV), and OPTIONS answering DRF's metadata.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counter, createCountersApp, type CountersTestApp } from './counters-app';

const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('the counters API chooses its format by Accept too', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp([counter(1), counter(2)]);
  });
  afterAll(() => t.close());

  const get = (url: string, accept?: string) => t.app.inject({ url, headers: accept === undefined ? {} : { accept } });
  const typeOf = async (url: string, accept?: string) => {
    const response = await get(url, accept);
    return `${response.statusCode} ${response.headers['content-type']}`;
  };

  it('answers text/csv with CSV, text/html (a browser) with the browsable page, and anything JSON-ish with JSON', async () => {
    for (const url of ['/api/counters/', '/api/counters/1/']) {
      expect(await typeOf(url, 'text/csv')).toBe('200 text/csv; charset=utf-8');
      expect(await typeOf(url, browser)).toBe('200 text/html; charset=utf-8');
      expect(await typeOf(url, 'text/*')).toBe('200 text/html; charset=utf-8');
      expect(await typeOf(url, 'application/json')).toBe('200 application/json');
      expect(await typeOf(url, '*/*')).toBe('200 application/json');
      expect(await typeOf(url)).toBe('200 application/json');
    }
    expect((await get('/api/counters/', 'text/csv')).body).toMatch(/^id,name,source,/);
    expect((await get('/api/counters/', browser)).body).toMatch(/^<!DOCTYPE html>/);
  });

  it('takes the most specific media types first and, within them, the renderers in DRF\'s order, ignoring q', async () => {
    expect(await typeOf('/api/counters/', 'text/csv, application/json')).toBe('200 application/json');
    expect(await typeOf('/api/counters/', 'text/csv, */*')).toBe('200 text/csv; charset=utf-8');
    expect(await typeOf('/api/counters/', 'text/csv;q=0.1, text/html;q=1')).toBe('200 text/html; charset=utf-8');
    expect(await typeOf('/api/counters/', 'application/json;q=0.1, text/csv;header=present')).toBe('200 text/csv; charset=utf-8');
    expect(await typeOf('/api/counters/', 'TEXT/CSV')).toBe('200 text/csv; charset=utf-8');
  });

  it('answers 406 in JSON when nothing it renders is acceptable', async () => {
    for (const accept of ['application/xml', 'image/png', 'text/plain']) {
      const response = await get('/api/counters/', accept);
      expect(response.statusCode, accept).toBe(406);
      expect(response.headers['content-type']).toBe('application/json');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.json()).toEqual({ detail: 'Could not satisfy the request Accept header.' });
    }
    expect((await get('/api/counters/1/', 'application/xml')).statusCode).toBe(406);
  });

  it('narrows by format= or a suffix first, as DRF does: Accept then chooses among what is left', async () => {
    expect(await typeOf('/api/counters/?format=csv', browser)).toBe('200 text/csv; charset=utf-8');
    expect(await typeOf('/api/counters.csv', 'text/csv')).toBe('200 text/csv; charset=utf-8');
    expect(await typeOf('/api/counters/?format=json', 'text/csv')).toBe('406 application/json');
    expect(await typeOf('/api/counters/?format=xml', 'text/csv')).toBe('404 application/json');
  });

  it('keeps answers of different formats apart (Vary: Accept, one cache entry per format)', async () => {
    const csv = await get('/api/counters/?page_size=1', 'text/csv');
    const json = await get('/api/counters/?page_size=1', 'application/json');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(json.headers['content-type']).toBe('application/json');
    expect(json.headers.vary).toContain('Accept');
  });

  it('answers an error in the negotiated format: the browsable page for a browser', async () => {
    const response = await get('/api/counters/?latitude=abc&longitude=1&distance=1', browser);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('A valid number is required.');
  });
});

describe('OPTIONS /api/counters/', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp([counter(1)]);
  });
  afterAll(() => t.close());

  it('answers DRF\'s metadata: name, description, renders, parses, and what POST takes on the list', async () => {
    const list = await t.app.inject({ method: 'OPTIONS', url: '/api/counters/' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('application/json');
    expect(list.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
    const body = list.json();
    expect(body).toMatchObject({
      name: 'Counter List',
      description: 'Lists measurement devices or sensors which produce observational data.',
      renders: ['application/json', 'text/html', 'text/csv'],
      parses: ['application/json', 'application/geo+json'],
    });
    expect(Object.keys(body.actions.POST)).toEqual(['type', 'coordinates']);
    expect(body.actions.POST.type.choices.map((c: { value: string }) => c.value)).toEqual(['Polygon', 'MultiPolygon']);

    const single = await t.app.inject({ method: 'OPTIONS', url: '/api/counters/1/' });
    expect(single.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(single.json()).toEqual({
      name: 'Counter Instance',
      description: 'Lists measurement devices or sensors which produce observational data.',
      renders: ['application/json', 'text/html', 'text/csv'],
      parses: ['application/json', 'application/geo+json'],
    });
  });

  it('still answers a CORS preflight with an empty 200', async () => {
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/counters/', headers: { origin: 'https://x.example', 'access-control-request-method': 'POST' } });
    expect(preflight.statusCode).toBe(200);
    expect(preflight.body).toBe('');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, HEAD, OPTIONS');
  });
});
