import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { pointAt } from '../storage/contract/fixtures';
import { fillRegistry } from './registry';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await fillRegistry(t.repositories, t.config.SERVICE_OBJECT_TYPE);
});
afterAll(() => t.close());

const hameentie30 = { lat: 60.1857, long: 24.9582 };

async function reverse(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/geocoding/v1/reverse?${query}` });
  const body = response.json();
  return { status: response.statusCode, body, labels: body.features.map((f: { properties: { label: string } }) => f.properties.label) as string[] };
}

describe('geocoding reverse', () => {
  it('answers the nearest addresses, nearest first, with distance (km) and Pelias confidence', async () => {
    const at = pointAt(hameentie30, 5, 90);
    const { status, body, labels } = await reverse(`point.lat=${at.lat}&point.lon=${at.long}&size=3`);
    expect(status).toBe(200);
    expect(labels).toHaveLength(3);
    expect(labels[0]).toBe('Hämeentie 30, Helsinki');
    const distances = body.features.map((f: { properties: { distance: number } }) => f.properties.distance);
    expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));
    expect(body.features[0].properties).toMatchObject({ layer: 'address', housenumber: '30', distance: 0.005, confidence: 0.9 });
    expect(body.geocoding.query).toMatchObject({ 'point.lat': at.lat, 'point.lon': at.long, size: 3, layers: ['address'], 'boundary.circle.radius': 0.2 });
  });

  it('looks 200 m by default, and as far as boundary.circle.radius (km) says', async () => {
    const at = pointAt(hameentie30, 300, 135);
    expect((await reverse(`point.lat=${at.lat}&point.lon=${at.long}`)).labels).toEqual([]);
    const wider = await reverse(`point.lat=${at.lat}&point.lon=${at.long}&boundary.circle.radius=0.5&size=1`);
    expect(wider.labels).toHaveLength(1);
    expect(wider.body.features[0].properties.distance).toBeGreaterThan(0.2);
    const far = await reverse('point.lat=61.5&point.lon=23.7');
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ type: 'FeatureCollection', features: [] });
  });

  it('answers in the language asked for and finds venues when asked', async () => {
    expect((await reverse(`point.lat=${hameentie30.lat}&point.lon=${hameentie30.long}&size=1&lang=sv`)).labels).toEqual(['Tavastvägen 30, Helsingfors']);
    const wc = await reverse('point.lat=60.1797&point.lon=24.9524&layers=venue,address&size=2&lang=en');
    expect(wc.labels).toEqual(['Public toilet, Hakaniemi Market Square, Hakaniemen tori, Helsinki', 'Hämeentie 1, Helsinki']);
    expect(wc.body.features[0].properties.distance).toBe(0);
  });

  it.each([
    ['', ["missing param 'point.lat'", "missing param 'point.lon'"]],
    ['point.lat=60.2', ["missing param 'point.lon'"]],
    ['point.lat=100&point.lon=24', ["invalid param 'point.lat': must be a number from -90 to 90"]],
    ['point.lat=60&point.lon=24&boundary.circle.radius=5', ["invalid param 'boundary.circle.radius'"]],
    ['point.lat=60&point.lon=24&layers=street', ["'street' is an invalid layers parameter. Valid options: address, venue"]],
    ['point.lat=60&point.lon=24&size=41', ["invalid param 'size'"]],
  ])('refuses "%s" with a Pelias 400', async (query, messages) => {
    const { status, body } = await reverse(query);
    expect(status).toBe(400);
    expect(body.features).toEqual([]);
    for (const message of messages) expect(body.geocoding.errors.join(' | ')).toContain(message);
  });
});
