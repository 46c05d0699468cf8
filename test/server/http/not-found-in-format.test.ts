/**
 * A path or method no route takes, and a body refused before any route ran, answer in the error
 * format of the API the path belongs to (api-errors/api-of-path.ts), with the security headers:
 * never Fastify's own JSON, never a bare "Not found". A path that takes other methods answers 405
 * with `Allow` where no API's own handler answers first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

/** GeoReport's errors come in JSON or XML by the path's suffix. */
type Format = 'georeport' | 'counters' | 'geocoder' | 'moderation' | 'plain' | 'page';

function expectInFormat(response: LightMyRequestResponse, format: Format, status: number, where: string) {
  expect(response.statusCode, where).toBe(status);
  // The security headers every answer carries, and none of Fastify's own error JSON.
  expect(response.headers['x-content-type-options'], where).toBe('nosniff');
  expect(response.headers['x-frame-options'], where).toBe('DENY');
  expect(response.headers['content-security-policy'], where).toBeTruthy();
  expect(response.body, where).not.toContain('"statusCode"');
  const type = String(response.headers['content-type']);
  switch (format) {
    case 'georeport':
      if (where.endsWith('.xml')) {
        expect(type, where).toMatch(/^text\/xml/);
        expect(response.body, where).toContain(`<errors><error><code>${status}</code><description>`);
      } else {
        expect(type, where).toMatch(/^application\/json/);
        expect(response.json(), where).toEqual([{ code: status, description: expect.any(String) }]);
      }
      break;
    case 'counters':
      expect(type, where).toMatch(/^application\/json/);
      expect(response.json(), where).toEqual({ detail: expect.any(String) });
      break;
    case 'geocoder':
      expect(response.json().geocoding.errors, where).toEqual([expect.any(String)]);
      break;
    case 'moderation':
      expect(response.json(), where).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
      break;
    case 'plain':
      expect(type, where).toBe('text/plain; charset=utf-8');
      expect(response.body.trim(), where).not.toBe('');
      break;
    case 'page':
      expect(type, where).toBe('text/html; charset=utf-8');
      expect(response.body, where).toContain('<h1>');
      break;
  }
}

describe('paths and methods no route takes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // [API prefix, an unknown path under it (GET), a path of it with a method it does not take, the format, that one's status, its Allow]
  const table: [string, string, [string, string], Format, number, string?][] = [
    ['/open311/v1', '/open311/v1/nothing.xml', ['DELETE', '/open311/v1/services.json'], 'georeport', 404],
    ['/proxy/open311/v1', '/proxy/open311/v1/a/b.json', ['DELETE', '/proxy/open311/v1/requests.xml'], 'georeport', 405, 'GET, HEAD, POST'],
    ['/proxy/service-objects', '/proxy/service-objects/nothing', ['DELETE', '/proxy/service-objects'], 'georeport', 405, 'GET, HEAD'],
    ['/media', '/media/a/b/c', ['POST', '/media/abc.jpg'], 'georeport', 405, 'GET, HEAD'],
    ['/bodies/v1', '/bodies/v1/nothing.json', ['DELETE', '/bodies/v1/bodies.json'], 'georeport', 404],
    ['/proxy/bodies/v1', '/proxy/bodies/v1/nothing', ['DELETE', '/proxy/bodies/v1/bodies.json'], 'georeport', 405, 'GET, HEAD'],
    ['/api', '/api/nothing/', ['DELETE', '/api/counters/'], 'counters', 405, 'GET, POST, HEAD, OPTIONS'],
    ['/proxy/counters', '/proxy/counters/a/b', ['DELETE', '/proxy/counters/'], 'counters', 404],
    ['/proxy/counters-api', '/proxy/counters-api/nothing', ['DELETE', '/proxy/counters-api/observations/'], 'counters', 404],
    ['/proxy', '/proxy/nothing', ['DELETE', '/proxy/nothing'], 'counters', 404],
    ['/geocoding/v1', '/geocoding/v1/nothing', ['DELETE', '/geocoding/v1/search'], 'geocoder', 404],
    ['/proxy/geocoding/v1', '/proxy/geocoding/v1/nothing', ['DELETE', '/proxy/geocoding/v1/search'], 'geocoder', 404],
    ['/moderation/api', '/moderation/api/nothing', ['PATCH', '/moderation/api/queue'], 'moderation', 404],
    ['/residents/api', '/residents/api/nothing', ['DELETE', '/residents/api/me'], 'moderation', 405, 'GET, HEAD'],
    ['/feeds', '/feeds/nothing.atom', ['DELETE', '/feeds/area.atom'], 'plain', 405, 'GET, HEAD'],
    ['/healthz', '/healthz/x', ['POST', '/healthz'], 'counters', 405, 'GET, HEAD'],
    ['/readyz', '/readyz/x', ['DELETE', '/readyz'], 'counters', 405, 'GET, HEAD'],
    // Never a 405: to an address it does not serve, /metrics is the same 404 as no path at all.
    ['/metrics', '/metrics/x', ['POST', '/metrics'], 'plain', 404],
    ['/schema', '/schema/x', ['POST', '/swagger'], 'counters', 405, 'GET, HEAD'],
  ];

  it.each(table)('%s: an unknown path answers 404 in its format', async (_prefix, unknown, _wrong, format) => {
    // As a browser asks: an API's path is never answered with the web app.
    const response = await t.app.inject({ method: 'GET', url: unknown, headers: { accept: 'text/html,*/*' } });
    expectInFormat(response, format, 404, `GET ${unknown}`);
  });

  it.each(table)('%s: a method the path does not take answers in its format', async (_prefix, _unknown, [method, url], format, status, allow) => {
    const response = await t.app.inject({ method: method as 'DELETE', url });
    expectInFormat(response, format, status, `${method} ${url}`);
    expect(response.headers.allow, `${method} ${url}`).toBe(allow);
  });

  it("answers the web app's paths with a page for a browser, a line of text for anyone else", async () => {
    const page = await t.app.inject({ method: 'POST', url: '/report', headers: { accept: 'text/html', 'accept-language': 'sv' } });
    expectInFormat(page, 'page', 404, 'POST /report');
    expect(page.body).toContain('<html lang="sv">');
    expect(page.body).toContain('Sidan hittades inte');
    expect(page.body).toContain('<a href="/">');

    const json = await t.app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: 'application/json' } });
    expectInFormat(json, 'plain', 404, 'GET /no/such/page as JSON');
    expect(json.body).toBe('not found: GET /no/such/page\n');
    const file = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expectInFormat(file, 'plain', 404, 'GET /assets/gone-123.js');
  });
});

describe('bodies refused before any route runs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, contentType: string, payload: string) => t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

  it('answers a body sent to a path that takes none as the path it is: 405 or 404 in its format, not 415 or 400', async () => {
    const feed = await post('/feeds/area.atom', 'application/xml', '<a/>');
    expectInFormat(feed, 'plain', 405, 'POST /feeds/area.atom');
    expect(feed.headers.allow).toBe('GET, HEAD');
    expect(feed.body).toBe('POST is not allowed here; use GET or HEAD\n');

    expectInFormat(await post('/feeds/area.atom', 'application/json', '{not json'), 'plain', 405, 'POST /feeds/area.atom, bad JSON');
    expectInFormat(await post('/healthz', 'text/plain', 'x'.repeat(2 * 1024 * 1024)), 'counters', 405, 'POST /healthz, too large');
    expectInFormat(await post('/residents/api/nothing', 'application/json', '{not json'), 'moderation', 404, 'POST /residents/api/nothing');
    expectInFormat(await post('/proxy/nothing', 'application/json', '{not json'), 'counters', 404, 'POST /proxy/nothing');
    const app = await t.app.inject({ method: 'POST', url: '/nothing', headers: { 'content-type': 'application/json', accept: 'application/json' }, payload: '{not json' });
    expectInFormat(app, 'plain', 404, 'POST /nothing');
  });

  it('answers a body too large for a route of no API in plain text, saying what to do', async () => {
    const response = await post('/mail/unsubscribe?token=x', 'application/x-www-form-urlencoded', `a=${'x'.repeat(10_000)}`);
    expectInFormat(response, 'plain', 413, 'POST /mail/unsubscribe');
    expect(response.body).toBe('the request body is too large for POST /mail/unsubscribe; send a smaller one\n');
  });
});
