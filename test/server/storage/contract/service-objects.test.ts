import { beforeAll, describe, expect, it } from 'vitest';
import { distanceMeters } from '../../../../src/server/storage/geo';
import type { ServiceObjectRecord } from '../../../../src/server/storage/repositories/types';
import { helsinki, pointAt, serviceObject, useFreshStore } from './fixtures';

const names = (found: readonly { object: ServiceObjectRecord }[]) => found.map((entry) => entry.object.names.en);
const objectIds = (found: readonly { object: ServiceObjectRecord }[]) => found.map((entry) => entry.object.service_object_id);

describe('service objects: storing', () => {
  const opened = useFreshStore();

  it('round-trips every field and finds by type and id exactly', async () => {
    const { store } = opened;
    const park = serviceObject('demo-park-1', {
      kind: 'park',
      lat: 60.15741234567891,
      long: 24.95601234567891,
      names: { fi: 'Kaivopuisto', sv: 'Brunnsparken', en: 'Kaivopuisto park' },
      address: 'Itäinen Puistotie 1, Helsinki',
    });
    await store.serviceObjects.upsertMany([park]);
    expect(await store.serviceObjects.find('kerro.demo', 'demo-park-1')).toEqual(park);
    expect(await store.serviceObjects.find('kerro.demo', 'demo-park-2')).toBeUndefined();
    expect(await store.serviceObjects.find('other.type', 'demo-park-1')).toBeUndefined();
    expect(await store.serviceObjects.find('kerro.demo', 'DEMO-PARK-1')).toBeUndefined();
  });

  it('upserts by (type, id): the same id under another type is another object', async () => {
    const { store } = opened;
    expect(await store.serviceObjects.count()).toBe(0);
    await store.serviceObjects.upsertMany([]);
    expect(await store.serviceObjects.count()).toBe(0);
    await store.serviceObjects.upsertMany([serviceObject('a'), serviceObject('b'), serviceObject('a', { service_object_type: 'other' })]);
    expect(await store.serviceObjects.count()).toBe(3);
    const moved = serviceObject('a', { kind: 'playground', lat: 60.2, long: 25.0, names: { fi: 'Uusi', sv: 'Ny', en: 'New' }, address: '' });
    await store.serviceObjects.upsertMany([moved, serviceObject('c')]);
    expect(await store.serviceObjects.count()).toBe(4);
    expect(await store.serviceObjects.find('kerro.demo', 'a')).toEqual(moved);
    expect(await store.serviceObjects.find('other', 'a')).toEqual(serviceObject('a', { service_object_type: 'other' }));
  });

  it('stores many at once', async () => {
    const { store } = opened;
    const many = Array.from({ length: 3000 }, (_, index) => serviceObject(`bulk-${index}`, pointAt(helsinki, index, index)));
    await store.serviceObjects.upsertMany(many);
    expect(await store.serviceObjects.count()).toBe(3000);
    expect(await store.serviceObjects.find('kerro.demo', 'bulk-2999')).toEqual(many[2999]);
  });
});

describe('service objects: search by text', () => {
  const opened = useFreshStore('all');
  const objects = [
    serviceObject('toolo', { names: { fi: 'Töölön pallokenttä', sv: 'Tölö bollplan', en: 'Töölö ball field' } }),
    serviceObject('esplanadi', { names: { fi: 'Esplanadin puisto', sv: 'Esplanadparken', en: 'Esplanade park' } }),
    serviceObject('kaivopuisto', { names: { fi: 'Kaivopuisto', sv: 'Brunnsparken', en: 'Kaivopuisto park' } }),
    serviceObject('aijala', { names: { fi: 'Äijälän puisto', sv: 'Äijälä park', en: 'Äijälä park' } }),
    serviceObject('zoo', { names: { fi: 'Korkeasaari', sv: 'Högholmen', en: 'Zoo' } }),
    serviceObject('percent', { names: { fi: 'Sata prosenttia', sv: 'Hundra procent', en: '100% park' } }),
    serviceObject('underscore', { names: { fi: 'Alaviiva', sv: 'Understreck', en: 'park_1' } }),
    serviceObject('backslash', { names: { fi: 'Kenoviiva', sv: 'Omvänt snedstreck', en: 'back\\slash park' } }),
    serviceObject('lower', { names: { fi: 'pieni', sv: 'liten', en: 'apple park' } }),
  ];
  const search = (text: string | undefined, limit = 100) => opened.store.serviceObjects.search({ text, limit });

  beforeAll(async () => {
    await opened.store.serviceObjects.upsertMany(objects);
  });

  it('without text lists every object by English name, in code-point order', async () => {
    const found = await search(undefined);
    expect(names(found)).toEqual([
      '100% park', 'Esplanade park', 'Kaivopuisto park', 'Zoo', 'apple park', 'back\\slash park', 'park_1', 'Äijälä park', 'Töölö ball field',
    ].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(found.every((entry) => entry.distanceMeters === undefined)).toBe(true);
    expect(found.find((entry) => entry.object.service_object_id === 'toolo')?.object).toEqual(objects[0]);
  });

  it('takes the first `limit` in that order', async () => {
    expect(names(await search(undefined, 3))).toEqual(['100% park', 'Esplanade park', 'Kaivopuisto park']);
    expect(names(await search('park', 2))).toEqual(['100% park', 'Esplanade park']);
  });

  it('matches a part of the name in any language, ignoring the case of A–Z', async () => {
    expect(objectIds(await search('PUISTO'))).toEqual(['esplanadi', 'kaivopuisto', 'aijala']);
    expect(objectIds(await search('brunnsPARKEN'))).toEqual(['kaivopuisto']);
    expect(objectIds(await search('korkeasaari'))).toEqual(['zoo']);
    expect(objectIds(await search('zOO'))).toEqual(['zoo']);
    expect(objectIds(await search('nadparken'))).toEqual(['esplanadi']);
    expect(await search('no such place')).toEqual([]);
    expect(names(await search(''))).toHaveLength(objects.length);
  });

  it('folds letters beyond A–Z only in the search text, never in the stored names', async () => {
    // The text is lower-cased whole; the names only A–Z. So 'TÖÖLÖ' finds 'Töölö', but a capital
    // non-ASCII letter in a name ('Ä') is matched by neither 'ä' nor 'Ä'.
    expect(objectIds(await search('töölö'))).toEqual(['toolo']);
    expect(objectIds(await search('TÖÖLÖ'))).toEqual(['toolo']);
    expect(objectIds(await search('tölö BOLL'))).toEqual(['toolo']);
    expect(await search('äijälä')).toEqual([]);
    expect(await search('Äijälä')).toEqual([]);
    expect(objectIds(await search('IJÄLÄ'))).toEqual(['aijala']);
  });

  it('answers nothing, never an error, for lookups holding NUL', async () => {
    // ?service_object_id=%00 on a submission, a search box's text: both reach these as sent.
    await expect.soft(opened.store.serviceObjects.find('kerro.demo', 'toolo\u0000'), 'find').resolves.toBeUndefined();
    // What the text matches is not pinned: SQLite's LIKE ends the pattern at the NUL ('park\0'
    // searches as 'park'). Only that it answers.
    await expect.soft(search('\u0000'), 'search text').resolves.toBeInstanceOf(Array);
    await expect.soft(opened.store.serviceObjects.search({ text: 'park\u0000', near: { ...helsinki, radiusMeters: 1000 }, limit: 10 }), 'search text near').resolves.toBeInstanceOf(Array);
  });

  it('treats %, _ and \\ in the text as themselves', async () => {
    expect(objectIds(await search('%'))).toEqual(['percent']);
    expect(objectIds(await search('0% P'))).toEqual(['percent']);
    expect(objectIds(await search('_'))).toEqual(['underscore']);
    expect(objectIds(await search('k_1'))).toEqual(['underscore']);
    expect(await search('par_')).toEqual([]);
    expect(objectIds(await search('\\'))).toEqual(['backslash']);
    expect(objectIds(await search('k\\s'))).toEqual(['backslash']);
  });
});

describe('service objects: search near a point', () => {
  const opened = useFreshStore();

  it('answers the objects within the radius, nearest first, with their distance', async () => {
    const { store } = opened;
    const places = [
      serviceObject('d300', { ...pointAt(helsinki, 300, 200), names: { fi: 'A', sv: 'A', en: 'A' } }),
      serviceObject('d10', { ...pointAt(helsinki, 10, 45), names: { fi: 'Z', sv: 'Z', en: 'Z' } }),
      serviceObject('d800', { ...pointAt(helsinki, 800, 100), names: { fi: 'M', sv: 'M', en: 'M' } }),
      serviceObject('d1200', { ...pointAt(helsinki, 1200, 10), names: { fi: 'B', sv: 'B', en: 'B' } }),
      serviceObject('d0', { ...helsinki, names: { fi: 'Q', sv: 'Q', en: 'Q' } }),
    ];
    await store.serviceObjects.upsertMany(places);
    const found = await store.serviceObjects.search({ near: { ...helsinki, radiusMeters: 1000 }, limit: 10 });
    expect(objectIds(found)).toEqual(['d0', 'd10', 'd300', 'd800']);
    for (const entry of found) {
      expect(entry.distanceMeters).toBeCloseTo(distanceMeters(helsinki.lat, helsinki.long, entry.object.lat, entry.object.long), 6);
    }
    expect(found[0]!.distanceMeters).toBe(0);
    expect(found[1]!.distanceMeters).toBeCloseTo(10, 6);
    expect(found.find((entry) => entry.object.service_object_id === 'd300')?.object).toEqual(places[0]);
    // The limit takes the nearest.
    expect(objectIds(await store.serviceObjects.search({ near: { ...helsinki, radiusMeters: 1000 }, limit: 2 }))).toEqual(['d0', 'd10']);
    expect(objectIds(await store.serviceObjects.search({ near: { ...helsinki, radiusMeters: 5000 }, limit: 10 }))).toEqual(['d0', 'd10', 'd300', 'd800', 'd1200']);
  });

  it('a millimetre inside the radius is in and a millimetre outside is out, on every bearing', async () => {
    const { store } = opened;
    const bearings = Array.from({ length: 16 }, (_, index) => index * 22.5);
    for (const [center, radius] of [[helsinki, 1000], [{ lat: -33.8688, long: 151.2093 }, 250], [{ lat: 0.0001, long: -0.0001 }, 25]] as const) {
      const type = `boundary-${radius}`;
      await store.serviceObjects.upsertMany(
        bearings.flatMap((bearing) => [
          serviceObject(`in-${bearing}`, { service_object_type: type, ...pointAt(center, radius - 0.001, bearing) }),
          serviceObject(`out-${bearing}`, { service_object_type: type, ...pointAt(center, radius + 0.001, bearing) }),
        ]),
      );
      const found = (await store.serviceObjects.search({ near: { ...center, radiusMeters: radius }, limit: 100 })).filter(
        (entry) => entry.object.service_object_type === type,
      );
      expect(new Set(objectIds(found))).toEqual(new Set(bearings.map((bearing) => `in-${bearing}`)));
      const distances = found.map((entry) => entry.distanceMeters!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(Math.max(...distances)).toBeLessThanOrEqual(radius);
    }
  });

  it('combines the text with the radius', async () => {
    const { store } = opened;
    await store.serviceObjects.upsertMany([
      serviceObject('near-park', { ...pointAt(helsinki, 100, 0), names: { fi: 'Puisto', sv: 'Park', en: 'Near park' } }),
      serviceObject('near-field', { ...pointAt(helsinki, 50, 0), names: { fi: 'Kenttä', sv: 'Plan', en: 'Near field' } }),
      serviceObject('far-park', { ...pointAt(helsinki, 3000, 0), names: { fi: 'Puisto', sv: 'Park', en: 'Far park' } }),
    ]);
    const found = await store.serviceObjects.search({ text: 'PARK', near: { ...helsinki, radiusMeters: 1000 }, limit: 10 });
    expect(objectIds(found)).toEqual(['near-park']);
    expect(found[0]!.distanceMeters).toBeCloseTo(100, 6);
    expect(await store.serviceObjects.search({ text: 'nothing', near: { ...helsinki, radiusMeters: 1000 }, limit: 10 })).toEqual([]);
  });
});
