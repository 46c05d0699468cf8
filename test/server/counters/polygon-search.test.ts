/**
 * POST /api/counters/ with a GeoJSON Polygon, as the real service (City-of-Helsinki/lidotiku)
 * answers it: the counters inside as a FeatureCollection, and its error bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counter, createCountersApp, type CountersTestApp } from './counters-app';

// The real service's own example area (its OpenAPI example), around Helsinki and Espoo.
const example = { type: 'Polygon', coordinates: [[[24.5, 60.2], [24.5, 60.9], [24.8, 60.9], [24.8, 60.2], [24.5, 60.2]]] };
const box = (west: number, south: number, east: number, north: number) => [
  [west, south], [east, south], [east, north], [west, north], [west, south],
];

describe('POST /api/counters/ with a GeoJSON polygon', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp([
      counter(1, { latitude: 60.169, longitude: 24.932 }), // Kamppi: outside the example
      counter(2, { latitude: 60.3, longitude: 24.6 }), // inside
      counter(3, { latitude: 60.5, longitude: 24.7 }), // inside
      counter(4, { latitude: 60.5, longitude: 24.5 }), // on the western edge: not within
      counter(5, { latitude: 0, longitude: 0 }), // placeholder
    ]);
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }, url = '/api/counters/') =>
    t.app.inject({ method: 'POST', url, headers, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

  it('answers the counters strictly inside as a FeatureCollection of the usual features, ascending id, unpaged', async () => {
    const response = await post(example);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const body = response.json();
    expect(Object.keys(body)).toEqual(['type', 'features']);
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.map((f: { id: number }) => f.id)).toEqual([2, 3]);
    expect(body.features[0]).toEqual((await t.app.inject('/api/counters/2/')).json());
  });

  it('takes a MultiPolygon and holes, and a format suffix as GET does', async () => {
    const multi = { type: 'MultiPolygon', coordinates: [[box(24.9, 60.1, 25, 60.2)], [box(24.55, 60.25, 24.65, 60.35)]] };
    expect((await post(multi)).json().features.map((f: { id: number }) => f.id)).toEqual([1, 2]);
    const holed = { type: 'Polygon', coordinates: [box(24.5, 60.2, 24.8, 60.9), box(24.55, 60.25, 24.65, 60.35)] };
    expect((await post(holed)).json().features.map((f: { id: number }) => f.id)).toEqual([3]);
    expect((await post(example, undefined, '/api/counters.json')).json().features).toHaveLength(2);
    expect((await post(example, undefined, '/api/counters.xml')).statusCode).toBe(404);
    const nowhere = await post({ type: 'Polygon', coordinates: [box(10, 10, 11, 11)] });
    expect(nowhere.json()).toEqual({ type: 'FeatureCollection', features: [] });
  });

  it('answers the real service\'s 400 for no polygon at all', async () => {
    for (const payload of ['', '{}', '[]', 'null']) {
      const response = await post(payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toEqual({ error: 'Missing GeoJSON polygon in the body.' });
    }
  });

  it('answers a clear 400 "Invalid GeoJSON data: …" for bad geometry', async () => {
    const cases: [unknown, RegExp][] = [
      [{ type: 'Point', coordinates: [24.9, 60.1] }, /type is "Point"; a Polygon or a MultiPolygon is needed/],
      [{ type: 'Feature', geometry: example }, /type is "Feature"/],
      [{ coordinates: example.coordinates }, /type is missing/],
      [{ type: 'Polygon', coordinates: [[[24.5, 60.2], [24.5, 60.9], [24.8, 60.9], [24.5, 60.3]]] }, /ring 0 is not closed/],
      [{ type: 'Polygon', coordinates: [[[24.5, 60.2], [24.5, 60.9], [24.5, 60.2]]] }, /has 3 positions; a linear ring needs at least 4/],
      [{ type: 'Polygon', coordinates: [[[24.5, 60.2], [24.5, 'x'], [24.8, 60.9], [24.5, 60.2]]] }, /position 1 holds something that is not a finite number/],
      [{ type: 'Polygon', coordinates: [box(60.2, 24.5, 60.9, 124.8)] }, /out of range/],
      [{ type: 'Polygon', coordinates: [] }, /not a non-empty array of linear rings/],
      [{ type: 'Polygon', coordinates: 'nope' }, /not a non-empty array/],
      [42, /must be a GeoJSON geometry object/],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = response.json() as { error: string };
      expect(error, JSON.stringify(payload)).toMatch(/^Invalid GeoJSON data: /);
      expect(error, JSON.stringify(payload)).toMatch(message);
    }
  });

  it('answers DRF\'s errors for a body that is no JSON', async () => {
    const broken = await post('{"type": "Polygon",');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/^JSON parse error - /);
    const text = await post('POLYGON((24.5 60.2, 24.5 60.9, 24.8 60.9, 24.5 60.2))', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
  });

  it('allows POST on the list only: Allow says so, one counter still refuses it', async () => {
    expect((await t.app.inject('/api/counters/')).headers.allow).toBe('GET, POST, HEAD, OPTIONS');
    // The browsable page shows the same Allow as the header.
    expect((await t.app.inject('/api/counters/?format=api')).body).toContain('<b>Allow:</b> GET, POST, HEAD, OPTIONS');
    expect((await t.app.inject('/api/counters/2/?format=api')).body).toContain('<b>Allow:</b> GET, HEAD, OPTIONS');
    const single = await post(example, undefined, '/api/counters/2/');
    expect(single.statusCode).toBe(405);
    expect(single.headers.allow).toBe('GET, HEAD, OPTIONS');
    const put = await t.app.inject({ method: 'PUT', url: '/api/counters/', payload: {} });
    expect(put.statusCode).toBe(405);
    expect(put.json()).toEqual({ detail: 'Method "PUT" not allowed.' });
  });
});

describe('POST /api/counters/ under many searches', () => {
  it('throttles a client past COUNTER_AREA_SEARCHES_PER_MINUTE as DRF does, before reading the body; GETs go on', async () => {
    const t = await createCountersApp([counter(2, { latitude: 60.3, longitude: 24.6 })], { COUNTER_AREA_SEARCHES_PER_MINUTE: '2' });
    try {
      const search = () => t.app.inject({ method: 'POST', url: '/api/counters/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(example) });
      expect([(await search()).statusCode, (await search()).statusCode]).toEqual([200, 200]);
      const throttled = await search();
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json()).toEqual({ detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/) });
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect((await t.app.inject('/api/counters/2/')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
