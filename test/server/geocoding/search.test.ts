import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTime, type TestApp } from '../../helpers/georeport-app';
import { address, fillRegistry } from './registry';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await fillRegistry(t.repositories, t.config.SERVICE_OBJECT_TYPE);
});
afterAll(() => t.close());

interface Feature {
  geometry: { type: string; coordinates: [number, number] };
  properties: Record<string, unknown> & { label: string; layer: string };
}

async function search(query: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: `/geocoding/v1/search?${new URLSearchParams(query)}`, headers });
  const body = response.json();
  return { status: response.statusCode, body, features: body.features as Feature[], labels: (body.features as Feature[]).map((f) => f.properties.label) };
}

describe('geocoding search: answers in the Pelias protocol', () => {
  it('finds an address, with Pelias properties and the geocoding header', async () => {
    const { status, body, features } = await search({ text: 'Hämeentie 30', size: '1' });
    expect(status).toBe(200);
    expect(body.type).toBe('FeatureCollection');
    expect(body.geocoding).toMatchObject({
      version: '0.2',
      query: { text: 'Hämeentie 30', size: 1, layers: ['address', 'street', 'venue'], lang: { iso6391: 'fi', name: 'Finnish', defaulted: true } },
      engine: { name: 'Kerro' },
      timestamp: startTime,
    });
    const [feature] = features;
    expect(feature!.geometry).toEqual({ type: 'Point', coordinates: [24.9582, 60.1857] });
    expect(feature!.properties).toEqual({
      id: expect.stringMatching(/^\d+$/),
      gid: `import:address:${feature!.properties.id}`,
      layer: 'address',
      source: 'import',
      source_id: feature!.properties.id,
      name: 'Hämeentie 30',
      housenumber: '30',
      street: 'Hämeentie',
      postalcode: '00530',
      confidence: 1,
      accuracy: 'point',
      localadmin: 'Helsinki',
      locality: 'Helsinki',
      label: 'Hämeentie 30, Helsinki',
    });
    expect(body.bbox).toEqual([24.9582, 60.1857, 24.9582, 60.1857]);
  });

  it('folds accents and case, and forgives one or two typos in the street', async () => {
    for (const text of ['hameentie 30', 'HÄMEENTIE 30', 'hämeetnie 30', 'hmeentie 30', 'hämeentei 30', 'hamentie 30', 'haemeentie 30']) {
      expect((await search({ text, size: '1' })).labels, text).toEqual(['Hämeentie 30, Helsinki']);
    }
    // Two typos need a longer word; a short one gets none.
    expect((await search({ text: 'hameemtei 30' })).labels[0]).toBe('Hämeentie 30, Helsinki');
    expect((await search({ text: 'xameemtei 30' })).features).toEqual([]);
    expect((await search({ text: 'Kouluti 5', layers: 'address' })).labels).toHaveLength(2);
  });

  it('reads the street as a prefix and the last number as still being typed', async () => {
    const { labels, features } = await search({ text: 'hämeent 3' });
    expect(labels).toEqual([
      'Hämeentie 3, Helsinki',
      ...['30', '31', '32', '33', '34', '35', '36', '37', '38'].map((n) => `Hämeentie ${n}, Helsinki`),
    ]);
    expect(features[0]!.properties.confidence).toBe(0.9);
    // A number followed by more is complete: 3 is not 30.
    expect((await search({ text: 'hämeentie 3, helsinki' })).labels).toEqual(['Hämeentie 3, Helsinki']);
  });

  it('matches a house number with or without its letter', async () => {
    expect((await search({ text: 'hämeentie 12 a' })).labels[0]).toBe('Hämeentie 12 A, Helsinki');
    expect((await search({ text: 'hämeentie 12b' })).labels[0]).toBe('Hämeentie 12 B, Helsinki');
    expect((await search({ text: 'hämeentie 12, helsinki' })).labels).toEqual(['Hämeentie 12 A, Helsinki', 'Hämeentie 12 B, Helsinki']);
  });

  it('answers in the language asked for, whatever language was typed', async () => {
    const sv = await search({ text: 'hämeentie 30', lang: 'sv', size: '1' });
    expect(sv.features[0]!.properties).toMatchObject({ name: 'Tavastvägen 30', street: 'Tavastvägen', locality: 'Helsingfors', label: 'Tavastvägen 30, Helsingfors' });
    expect(sv.body.geocoding.query.lang).toMatchObject({ iso6391: 'sv', name: 'Swedish', defaulted: false });
    expect((await search({ text: 'tavastvägen 30', lang: 'fi', size: '1' })).labels).toEqual(['Hämeentie 30, Helsinki']);
    expect((await search({ text: 'tavastvägen 30', size: '1' }, { 'accept-language': 'sv-FI,sv;q=0.9' })).labels).toEqual(['Tavastvägen 30, Helsingfors']);
    // A name missing in one language falls back to the other.
    expect((await search({ text: 'svartbäcksvägen 2', lang: 'fi' })).labels).toEqual(['Svartbäcksvägen 2, Helsingfors']);
    const unknown = await search({ text: 'hämeentie 30', lang: 'de', size: '1' });
    expect(unknown.labels).toEqual(['Hämeentie 30, Helsinki']);
    expect(unknown.body.geocoding.warnings[0]).toContain("lang 'de' is not available");
  });

  it('ranks by match quality, then by nearness to focus.point, with distances in km', async () => {
    const nearVantaa = await search({ text: 'koulutie 5', 'focus.point.lat': '60.29', 'focus.point.lon': '25.04' });
    expect(nearVantaa.labels).toEqual(['Koulutie 5, Vantaa', 'Koulutie 5, Helsinki']);
    expect(nearVantaa.features[0]!.properties.distance).toBeCloseTo(0.452, 3);
    expect(nearVantaa.body.geocoding.query).toMatchObject({ 'focus.point.lat': 60.29, 'focus.point.lon': 25.04 });
    const nearHelsinki = await search({ text: 'koulutie 5', 'focus.point.lat': '60.25', 'focus.point.lon': '25.01' });
    expect(nearHelsinki.labels).toEqual(['Koulutie 5, Helsinki', 'Koulutie 5, Vantaa']);
    // The municipality typed outranks nearness.
    expect((await search({ text: 'koulutie 5, vantaa', 'focus.point.lat': '60.25', 'focus.point.lon': '25.01' })).labels[0]).toBe('Koulutie 5, Vantaa');
    expect((await search({ text: 'koulutie 5 vanda' })).labels[0]).toBe('Koulutie 5, Vantaa');
    expect((await search({ text: 'koulutie 5, 01300' })).labels[0]).toBe('Koulutie 5, Vantaa');
    // An exact street beats a nearer typo.
    expect((await search({ text: 'hämeentie 13', 'focus.point.lat': '60.1764', 'focus.point.lon': '24.9366' })).labels[0]).toBe('Hämeentie 13, Helsinki');
  });

  it('answers a street without a number as the street, and places as venues', async () => {
    const street = await search({ text: 'aleksis kiven' });
    expect(street.features[0]!.properties).toMatchObject({ layer: 'street', gid: 'kerro:street:Helsinki/Aleksis Kiven katu', name: 'Aleksis Kiven katu', label: 'Aleksis Kiven katu, Helsinki', postalcode: '00510', accuracy: 'centroid' });
    const park = await search({ text: 'kaivopuisto', lang: 'en' });
    expect(park.features).toHaveLength(1);
    expect(park.features[0]!.properties).toMatchObject({
      layer: 'venue',
      gid: 'kerro:venue:park-1',
      source: 'kerro',
      name: 'Kaivopuisto park',
      label: 'Kaivopuisto park, Itäinen Puistotie 1, Helsinki',
      addendum: { kerro: { service_object_type: t.config.SERVICE_OBJECT_TYPE, service_object_id: 'park-1', kind: 'park' } },
    });
    expect((await search({ text: 'toolon pallo' })).labels).toEqual(['Töölön pallokenttä']);
    expect((await search({ text: 'brunnsparken', lang: 'sv' })).labels).toEqual(['Brunnsparken, Itäinen Puistotie 1, Helsinki']);
    // A number not on the street: the street itself, as Pelias falls back.
    const fallback = await search({ text: 'hämeentie 99, helsinki' });
    expect(fallback.features.map((f) => f.properties.layer)).toEqual(['street']);
  });

  it('filters by layers', async () => {
    expect((await search({ text: 'hakaniemen', layers: 'venue' })).labels).toEqual(['Yleinen WC, Hakaniemen tori, Hakaniemen tori, Helsinki']);
    expect((await search({ text: 'hakaniemen', layers: 'address,street' })).features).toEqual([]);
    expect((await search({ text: 'hämeentie', layers: 'address' })).features).toEqual([]);
    expect((await search({ text: 'hämeentie 30', layers: 'street' })).labels).toEqual(['Hämeentie, Helsinki']);
  });

  it('answers an empty FeatureCollection when nothing matches', async () => {
    const { status, body } = await search({ text: 'Qwzxv 12' });
    expect(status).toBe(200);
    expect(body.features).toEqual([]);
    expect(body.bbox).toBeUndefined();
  });

  it('sees an import at once (the index follows the registry version)', async () => {
    expect((await search({ text: 'Uusikatu 7' })).features).toEqual([]);
    await t.repositories.addresses.replace(['other'], [address(['Uusikatu', 'Nygatan'], '7', [60.2, 24.9], { source: 'other' })]);
    const found = await search({ text: 'Uusikatu 7' });
    expect(found.labels).toEqual(['Uusikatu 7, Helsinki']);
    expect(found.features[0]!.properties.gid).toMatch(/^other:address:\d+$/);
    await t.repositories.addresses.replace(['other'], []);
    expect((await search({ text: 'Uusikatu 7' })).features).toEqual([]);
  });
});

describe('geocoding search: bad parameters', () => {
  it('answers 400 in the Pelias error envelope, every problem at once', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/geocoding/v1/search?size=100&layers=stop,address&focus.point.lat=91&lang=f!' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(body.type).toBe('FeatureCollection');
    expect(body.features).toEqual([]);
    expect(body.geocoding.errors).toEqual([
      "invalid param 'text': text length, must be >0 (send what to look for, e.g. text=Hämeentie 3)",
      "invalid param 'size': must be a whole number from 1 to 40",
      "'stop' is an invalid layers parameter. Valid options: address, street, venue",
      "missing param 'focus.point.lon': send focus.point.lat and focus.point.lon together (WGS84 degrees)",
      "invalid param 'focus.point.lat': must be a number from -90 to 90, such as 60.1699",
      "invalid param 'lang': must be a language code such as fi, sv or en",
    ]);
  });

  it.each([
    ['text=%20', "invalid param 'text'"],
    [`text=${'a'.repeat(201)}`, "invalid param 'text': must be at most 200 characters"],
    ['text=a&size=0', "invalid param 'size'"],
    ['text=a&size=2.5', "invalid param 'size'"],
    ['text=a&focus.point.lat=60&focus.point.lon=east', "invalid param 'focus.point.lon'"],
  ])('refuses %s', async (query, message) => {
    const response = await t.app.inject({ method: 'GET', url: `/geocoding/v1/search?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().geocoding.errors.join(' | ')).toContain(message);
  });

  it('answers unknown paths with a Pelias 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/geocoding/v1/autocomplete?text=a' });
    expect(response.statusCode).toBe(404);
    expect(response.json().geocoding.errors[0]).toContain('GET /search and GET /reverse');
  });

  it('survives hostile text', async () => {
    for (const text of ['%00', '\u0000\u0001', '😀😀 12', '1 2 3 4 5 6 7 8 9', ',,,,', '-'.repeat(200), 'a'.repeat(200), '12345', '0']) {
      const response = await t.app.inject({ method: 'GET', url: `/geocoding/v1/search?text=${encodeURIComponent(text)}` });
      expect(response.statusCode, text).toBe(200);
    }
  });
});
