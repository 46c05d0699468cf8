import { describe, expect, it } from 'vitest';
import { distanceMeters } from '../../../../src/server/storage/geo';
import type { AddressPoint, AddressRecord, StreetKey } from '../../../../src/server/storage/repositories/types';
import { helsinki, openSecondStore, pointAt, serviceObject, useFreshStore } from './fixtures';

/** A point on Hämeentie in Helsinki; tests override what they look at. */
function point(number: string, overrides: Partial<AddressPoint> = {}): AddressPoint {
  return {
    street_fi: 'Hämeentie',
    street_sv: 'Tavastvägen',
    number,
    postal_code: '00530',
    municipality_fi: 'Helsinki',
    municipality_sv: 'Helsingfors',
    lat: 60.1874,
    long: 24.9604,
    source: 'import',
    ...overrides,
  };
}

const hameentie: StreetKey = { street_fi: 'Hämeentie', street_sv: 'Tavastvägen', municipality_fi: 'Helsinki', municipality_sv: 'Helsingfors' };
const numbers = (rows: readonly AddressRecord[]) => rows.map((row) => row.number);
const withoutId = ({ id: _id, ...rest }: AddressRecord) => rest;

describe('addresses: storing', () => {
  const opened = useFreshStore();

  it('round-trips every field, gives each point an id and finds it by that id', async () => {
    const { store } = opened;
    const stored = point('12 A', { lat: 60.18741234567891, long: 24.96041234567891, street_sv: '' });
    expect(await store.addresses.replace(['import'], [stored])).toEqual({ removed: 0, added: 1 });
    const [row] = await store.addresses.onStreet({ ...hameentie, street_sv: '' }, { limit: 10 });
    expect(withoutId(row!)).toEqual(stored);
    expect(Number.isSafeInteger(row!.id)).toBe(true);
    expect(await store.addresses.find(row!.id)).toEqual(row);
    expect(await store.addresses.find(row!.id + 1000)).toBeUndefined();
    expect(await store.addresses.find(Number.MAX_SAFE_INTEGER * 4)).toBeUndefined();
  });

  it('replaces only the points of the sources named, in one go', async () => {
    const { store } = opened;
    await store.addresses.replace(['demo'], [point('1', { source: 'demo' }), point('2', { source: 'demo' })]);
    await store.addresses.replace(['espoo'], [point('3', { source: 'espoo', municipality_fi: 'Espoo', municipality_sv: 'Esbo' })]);
    expect(await store.addresses.countBySource()).toEqual({ demo: 2, espoo: 1 });
    const report = await store.addresses.replace(['import', 'demo'], [point('4'), point('5'), point('6')]);
    expect(report).toEqual({ removed: 2, added: 3 });
    expect(await store.addresses.countBySource()).toEqual({ espoo: 1, import: 3 });
    expect(await store.addresses.count()).toBe(4);
    expect(await store.addresses.replace(['import'], [])).toEqual({ removed: 3, added: 0 });
    expect(await store.addresses.count()).toBe(1);
  });

  it('stores many at once, reporting progress, and nothing of a replace that fails', async () => {
    const { store } = opened;
    const many = Array.from({ length: 25_000 }, (_, index) => point(String(index + 1), pointAt(helsinki, index / 10, index)));
    const heard: number[] = [];
    await store.addresses.replace(['import'], many, (stored) => heard.push(stored));
    expect(await store.addresses.count()).toBe(25_000);
    expect(heard.at(-1)).toBe(25_000);
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
    // A point the database refuses (no street name column value) rolls the whole replace back.
    const broken = [point('1'), { ...point('2'), street_fi: null as unknown as string }];
    await expect(store.addresses.replace(['import'], broken)).rejects.toThrow();
    expect(await store.addresses.count()).toBe(25_000);
  });
});

describe('addresses: streets and their points', () => {
  const opened = useFreshStore();

  it('lists every street once, with its point count, mean point and shared postal code', async () => {
    const { store } = opened;
    await store.addresses.replace(['import'], [
      point('1', { lat: 60.18, long: 24.95 }),
      point('3', { lat: 60.19, long: 24.97, postal_code: '00500' }),
      point('5', { street_fi: 'Aleksis Kiven katu', street_sv: 'Aleksis Kivis gata', postal_code: '00510' }),
      point('7', { street_fi: 'Koulutie', street_sv: 'Skolvägen', municipality_fi: 'Vantaa', municipality_sv: 'Vanda', postal_code: '01300' }),
      point('9', { street_fi: 'Koulutie', street_sv: 'Skolvägen', postal_code: '00750' }),
      point('2', { street_fi: 'koulutie', street_sv: 'Skolvägen', postal_code: '00750' }),
    ]);
    const streets = await store.addresses.streets();
    expect(streets.map((street) => `${street.municipality_fi}/${street.street_fi}/${street.points}/${street.postal_code}`)).toEqual([
      'Helsinki/Aleksis Kiven katu/1/00510',
      'Helsinki/Hämeentie/2/',
      'Helsinki/Koulutie/1/00750',
      'Helsinki/koulutie/1/00750',
      'Vantaa/Koulutie/1/01300',
    ]);
    const hame = streets.find((street) => street.street_fi === 'Hämeentie')!;
    expect(hame).toMatchObject(hameentie);
    expect(hame.lat).toBeCloseTo(60.185, 9);
    expect(hame.long).toBeCloseTo(24.96, 9);
  });

  it('answers the points of one street exactly, in code-point order of the folded number, from a number prefix', async () => {
    const { store } = opened;
    await store.addresses.replace(['import'], [
      ...['1', '2', '10', '12 A', '12 b', '12', '21', '3-5', '1 C'].map((number) => point(number)),
      point('1', { municipality_fi: 'Espoo', municipality_sv: 'Esbo' }),
      point('1', { street_sv: 'Tavastvägen ' }),
    ]);
    expect(numbers(await store.addresses.onStreet(hameentie, { limit: 100 }))).toEqual(['1', '10', '12', '12 A', '12 b', '1 C', '2', '21', '3-5']);
    expect(numbers(await store.addresses.onStreet(hameentie, { numberKeyPrefix: '1', limit: 100 }))).toEqual(['1', '10', '12', '12 A', '12 b', '1 C']);
    expect(numbers(await store.addresses.onStreet(hameentie, { numberKeyPrefix: '12', limit: 100 }))).toEqual(['12', '12 A', '12 b']);
    expect(numbers(await store.addresses.onStreet(hameentie, { numberKeyPrefix: '12a', limit: 100 }))).toEqual(['12 A']);
    expect(numbers(await store.addresses.onStreet(hameentie, { numberKeyPrefix: '3', limit: 100 }))).toEqual(['3-5']);
    expect(numbers(await store.addresses.onStreet(hameentie, { numberKeyPrefix: '1', limit: 2 }))).toEqual(['1', '10']);
    expect(await store.addresses.onStreet(hameentie, { numberKeyPrefix: '9', limit: 100 })).toEqual([]);
    expect(await store.addresses.onStreet({ ...hameentie, street_fi: 'hämeentie' }, { limit: 100 })).toEqual([]);
    expect(await store.addresses.onStreet({ ...hameentie, street_fi: 'Hämeentie\u0000' }, { limit: 100 })).toEqual([]);
    expect(await store.addresses.onStreet(hameentie, { numberKeyPrefix: '1\u0000', limit: 100 })).toEqual([]);
  });
});

describe('addresses: nearest', () => {
  const opened = useFreshStore();

  it('answers the points within the radius, nearest first, with their distance', async () => {
    const { store } = opened;
    await store.addresses.replace(['import'], [
      point('300', pointAt(helsinki, 300, 200)),
      point('10', pointAt(helsinki, 10, 45)),
      point('150', pointAt(helsinki, 150, 100)),
      point('0', helsinki),
      point('250', pointAt(helsinki, 250, 10)),
    ]);
    const found = await store.addresses.nearest({ ...helsinki, radiusMeters: 200 }, 10);
    expect(found.map((entry) => entry.address.number)).toEqual(['0', '10', '150']);
    for (const entry of found) {
      expect(entry.distanceMeters).toBeCloseTo(distanceMeters(helsinki.lat, helsinki.long, entry.address.lat, entry.address.long), 6);
    }
    expect(found[0]!.distanceMeters).toBe(0);
    expect((await store.addresses.nearest({ ...helsinki, radiusMeters: 200 }, 1)).map((entry) => entry.address.number)).toEqual(['0']);
    expect(await store.addresses.nearest({ lat: 61, long: 25, radiusMeters: 200 }, 10)).toEqual([]);
  });

  it('a millimetre inside the radius is in and a millimetre outside is out, on every bearing', async () => {
    const { store } = opened;
    const bearings = Array.from({ length: 16 }, (_, index) => index * 22.5);
    for (const [center, radius] of [[helsinki, 200], [{ lat: -33.8688, long: 151.2093 }, 1000], [{ lat: 0.0001, long: -0.0001 }, 25]] as const) {
      const source = `boundary-${radius}`;
      await store.addresses.replace([source], bearings.flatMap((bearing) => [
        point(`in ${bearing}`, { source, ...pointAt(center, radius - 0.001, bearing) }),
        point(`out ${bearing}`, { source, ...pointAt(center, radius + 0.001, bearing) }),
      ]));
      const found = (await store.addresses.nearest({ ...center, radiusMeters: radius }, 100)).filter((entry) => entry.address.source === source);
      expect(new Set(found.map((entry) => entry.address.number))).toEqual(new Set(bearings.map((bearing) => `in ${bearing}`)));
      const distances = found.map((entry) => entry.distanceMeters);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
    }
  });

  it('breaks equal distances by id', async () => {
    const { store } = opened;
    await store.addresses.replace(['import'], [point('1', helsinki), point('2', helsinki), point('3', helsinki)]);
    const found = await store.addresses.nearest({ ...helsinki, radiusMeters: 50 }, 10);
    const ids = found.map((entry) => entry.address.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(found.map((entry) => entry.address.number)).toEqual(['1', '2', '3']);
  });
});

describe('addresses and service objects: change tokens', () => {
  const opened = useFreshStore();

  it('move on every write, by this instance or another, and never on a read', async () => {
    const { store } = opened;
    const second = await openSecondStore(opened);
    try {
      const addresses0 = await store.addresses.changeToken();
      const objects0 = await store.serviceObjects.changeToken();
      await store.addresses.streets();
      await store.addresses.nearest({ ...helsinki, radiusMeters: 100 }, 5);
      expect(await store.addresses.changeToken()).toBe(addresses0);

      await second.addresses.replace(['import'], [point('1')]);
      const addresses1 = await store.addresses.changeToken();
      expect(addresses1).not.toBe(addresses0);
      expect(await store.serviceObjects.changeToken()).toBe(objects0);
      await store.addresses.replace(['import'], []);
      expect(await store.addresses.changeToken()).not.toBe(addresses1);

      await second.serviceObjects.upsertMany([serviceObject('park-1')]);
      const objects1 = await store.serviceObjects.changeToken();
      expect(objects1).not.toBe(objects0);
      await store.serviceObjects.upsertMany([serviceObject('park-1', { kind: 'playground' })]);
      expect(await store.serviceObjects.changeToken()).not.toBe(objects1);
    } finally {
      await second.close();
    }
  });
});
