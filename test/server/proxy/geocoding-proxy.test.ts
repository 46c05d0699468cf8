import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { fillRegistry } from '../geocoding/registry';
import { startFakeUpstream } from './fake-upstream';

describe('the geocoding proxy, embedded (no GEOCODER_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await fillRegistry(t.repositories, t.config.SERVICE_OBJECT_TYPE);
  });
  afterAll(() => t.close());

  it('answers search and reverse from the embedded registry, as /geocoding/v1 does', async () => {
    for (const path of ['/geocoding/v1/search?text=h%C3%A4meent%2030&lang=sv', '/geocoding/v1/reverse?point.lat=60.1857&point.lon=24.9582&size=2']) {
      const direct = await t.app.inject({ method: 'GET', url: path });
      const proxied = await t.app.inject({ method: 'GET', url: `/proxy${path}` });
      expect(proxied.statusCode).toBe(200);
      expect(proxied.json()).toEqual(direct.json());
    }
    const search = await t.app.inject({ method: 'GET', url: '/proxy/geocoding/v1/search?text=h%C3%A4meent%2030&lang=sv' });
    expect(search.json().features[0].properties.label).toBe('Tavastvägen 30, Helsingfors');
  });

  it('answers bad parameters and unknown paths in the Pelias error envelope', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/proxy/geocoding/v1/reverse?point.lat=north' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ type: 'FeatureCollection', features: [], geocoding: { errors: expect.arrayContaining(["missing param 'point.lon': send point.lat and point.lon together (WGS84 degrees)"]) } });
    const unknown = await t.app.inject({ method: 'GET', url: '/proxy/geocoding/v1/place?ids=x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().geocoding.errors).toHaveLength(1);
  });
});

describe('the geocoding proxy in front of a Pelias service (GEOCODER_URL)', () => {
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  const peliasAnswer = {
    geocoding: { version: '0.2', query: { text: 'kamppi' } },
    type: 'FeatureCollection',
    features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [24.93, 60.17] }, properties: { label: 'Kamppi, Helsinki', layer: 'neighbourhood' } }],
  };
  beforeAll(async () => {
    upstream = await startFakeUpstream((request, response) => {
      const url = new URL(request.url, 'http://upstream');
      if (url.pathname === '/geocoding/v1/search' && url.searchParams.get('text') === 'refuse') {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end('{"statusCode":401,"message":"Access denied due to missing subscription key."}');
      } else if (url.pathname === '/geocoding/v1/search' && url.searchParams.get('text') === 'crash') {
        response.writeHead(500, { 'content-type': 'text/html' });
        response.end('<h1>oops</h1>');
      } else if (url.pathname === '/geocoding/v1/reverse' && !url.searchParams.has('point.lat')) {
        response.writeHead(400, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify({ geocoding: { errors: ["missing param 'point.lat'"] }, type: 'FeatureCollection', features: [] }));
      } else {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-upstream': 'pelias' });
        response.end(JSON.stringify(peliasAnswer));
      }
    });
  });
  afterAll(() => upstream.close());

  async function appWith(env: Record<string, string>) {
    return createTestApp({ GEOCODER_URL: `${upstream.url}/geocoding/v1/`, ...env });
  }

  it('forwards the query with the proxy key as digitransit-subscription-key, never the browser’s', async () => {
    const t = await appWith({ GEOCODER_API_KEY: 'secret-key' });
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/proxy/geocoding/v1/search?text=kamppi%20%C3%A4&size=3&focus.point.lat=60.17&focus.point.lon=24.93&digitransit-subscription-key=stolen&api_key=x',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(peliasAnswer);
      expect(response.headers['x-upstream']).toBe('pelias');
      const sent = new URL(upstream.received.at(-1)!.url, 'http://upstream');
      expect(sent.pathname).toBe('/geocoding/v1/search');
      expect(Object.fromEntries(sent.searchParams)).toEqual({
        text: 'kamppi ä', size: '3', 'focus.point.lat': '60.17', 'focus.point.lon': '24.93', 'digitransit-subscription-key': 'secret-key',
      });
      await t.app.inject({ method: 'GET', url: '/proxy/geocoding/v1/reverse?point.lat=60.17&point.lon=24.93' });
      expect(upstream.received.at(-1)!.url).toBe('/geocoding/v1/reverse?point.lat=60.17&point.lon=24.93&digitransit-subscription-key=secret-key');
    } finally {
      await t.close();
    }
  });

  it('sends the key as a header when GEOCODER_API_KEY_PARAM says header:NAME', async () => {
    const t = await appWith({ GEOCODER_API_KEY: 'secret-key', GEOCODER_API_KEY_PARAM: 'header:digitransit-subscription-key' });
    try {
      await t.app.inject({ method: 'GET', url: '/proxy/geocoding/v1/search?text=kamppi&digitransit-subscription-key=stolen' });
      const sent = upstream.received.at(-1)!;
      expect(sent.url).toBe('/geocoding/v1/search?text=kamppi');
      expect(sent.headers['digitransit-subscription-key']).toBe('secret-key');
    } finally {
      await t.close();
    }
  });

  it('passes Pelias errors through, and puts other failures in the Pelias error envelope', async () => {
    const t = await appWith({ GEOCODER_API_KEY: 'wrong' });
    try {
      const missing = await t.app.inject({ method: 'GET', url: '/proxy/geocoding/v1/reverse' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().geocoding.errors).toEqual(["missing param 'point.lat'"]);
      const refused = await t.app.inject({ method: 'GET', url: '/proxy/geocoding/v1/search?text=refuse' });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ type: 'FeatureCollection', features: [], geocoding: { errors: [expect.stringContaining('check GEOCODER_API_KEY')] } });
      expect(JSON.stringify(refused.json())).not.toContain('wrong');
      const crashed = await t.app.inject({ method: 'GET', url: '/proxy/geocoding/v1/search?text=crash' });
      expect(crashed.statusCode).toBe(502);
      expect(crashed.json().geocoding.errors[0]).toContain('HTTP 500');
    } finally {
      await t.close();
    }
  });

  it('answers 502 in the Pelias envelope when the upstream cannot be reached', async () => {
    const t = await createTestApp({ GEOCODER_URL: 'http://127.0.0.1:9/geocoding/v1' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/proxy/geocoding/v1/search?text=a' });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ type: 'FeatureCollection', features: [], geocoding: { errors: [expect.stringContaining('geocoding service cannot be reached')] } });
    } finally {
      await t.close();
    }
  });
});

describe('geocoder configuration', () => {
  it('checks GEOCODER_URL, the key and its parameter name', () => {
    expect(loadConfig({}).GEOCODER_API_KEY_PARAM).toBe('digitransit-subscription-key');
    expect(loadConfig({ GEOCODER_URL: 'https://api.digitransit.fi/geocoding/v1/' }).GEOCODER_URL).toBe('https://api.digitransit.fi/geocoding/v1');
    expect(() => loadConfig({ GEOCODER_URL: 'digitransit' })).toThrow(/GEOCODER_URL: must be an absolute URL/);
    expect(() => loadConfig({ GEOCODER_API_KEY_PARAM: 'a key' })).toThrow(/GEOCODER_API_KEY_PARAM: must be a query parameter name/);
    expect(() => loadConfig({ GEOCODER_API_KEY: 'k' })).toThrow(ConfigError);
    expect(() => loadConfig({ GEOCODER_API_KEY: 'k' })).toThrow(/GEOCODER_API_KEY: only used with GEOCODER_URL/);
  });
});
