import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const type = t.config.SERVICE_OBJECT_TYPE;
  await t.repositories.serviceObjects.upsertMany([
    { service_object_type: type, service_object_id: 'park-1', kind: 'park', lat: 60.1589, long: 24.9562, names: { fi: 'Kaivopuisto', sv: 'Brunnsparken', en: 'Kaivopuisto park' }, address: 'Itäinen Puistotie' },
    { service_object_type: type, service_object_id: 'wc-1', kind: 'toilet', lat: 60.1600, long: 24.9570, names: { fi: 'Kaivopuiston WC', sv: 'Brunnsparkens WC', en: 'Kaivopuisto toilet' }, address: '' },
    { service_object_type: type, service_object_id: 'park-2', kind: 'park', lat: 60.2000, long: 24.9000, names: { fi: 'Keskuspuisto', sv: 'Centralparken', en: 'Central Park' }, address: '' },
    { service_object_type: type, service_object_id: 'odd-1', kind: 'park', lat: 60.3, long: 25.0, names: { fi: '100%_puisto', sv: '100%_park', en: '100%_park' }, address: '' },
  ]);
});
afterAll(() => t.close());

const search = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/proxy/service-objects?${query}` });
  return { status: response.statusCode, body: response.json() };
};

describe('service-object search', () => {
  it('finds by name in any language, answering GeoJSON in the locale asked', async () => {
    const { status, body } = await search('q=brunns&locale=fi');
    expect(status).toBe(200);
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.map((f: { id: string }) => f.id).sort()).toEqual(['park-1', 'wc-1']);
    const park = body.features.find((f: { id: string }) => f.id === 'park-1');
    expect(park).toEqual({
      type: 'Feature',
      id: 'park-1',
      geometry: { type: 'Point', coordinates: [24.9562, 60.1589] },
      properties: { service_object_id: 'park-1', service_object_type: t.config.SERVICE_OBJECT_TYPE, name: 'Kaivopuisto', kind: 'park', address: 'Itäinen Puistotie' },
    });
  });

  it('lists the nearest first around a point, with distances', async () => {
    const { body } = await search('lat=60.1601&long=24.9571&radius=500&locale=en');
    expect(body.features.map((f: { id: string }) => f.id)).toEqual(['wc-1', 'park-1']);
    expect(body.features[0].properties.distance).toBeLessThan(20);
    expect(body.features[0].properties.name).toBe('Kaivopuisto toilet');
  });

  it('treats % and _ in the text literally', async () => {
    expect((await search('q=%25_')).body.features.map((f: { id: string }) => f.id)).toEqual(['odd-1']);
  });

  it('refuses bad parameters with a GeoReport error', async () => {
    const { status, body } = await search('lat=91&long=24&radius=99999');
    expect(status).toBe(400);
    expect(body.map((e: { description: string }) => e.description)).toEqual([
      'lat must be a number from -90 to 90',
      'radius must be a number from 1 to 5000',
    ]);
    expect((await search('lat=60')).body[0].description).toBe('lat and long must be sent together');
  });
});
