import { describe, expect, it } from 'vitest';
import type { BodyArea, BodyRecord, ModerationState, ServiceRequestQuery, ServiceRequestRecord } from '../../../../src/server/storage/repositories/types';
import { baseTime, helsinki, hour, newRequest, openSecondStore, storeServiceTypes, useFreshStore } from './fixtures';

/** A closed ring around a box, longitude first, counter-clockwise. */
const ring = (west: number, south: number, east: number, north: number) => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];
const box = (west: number, south: number, east: number, north: number): BodyArea => ({ type: 'Polygon', coordinates: [ring(west, south, east, north)] });

function body(id: string, area: BodyArea, overrides: Partial<BodyRecord> = {}): BodyRecord {
  return {
    id,
    jurisdiction_id: `${id}.example.fi`,
    names: { fi: `${id} fi`, sv: `${id} sv`, en: `${id} en` },
    area,
    services: ['171', '900'],
    send: { method: 'console' },
    ...overrides,
  };
}

/** A city and a department inside it; an archipelago (MultiPolygon) and a ring with a hole further east. */
const city = body('city', box(24.8, 60.1, 25.2, 60.3), { services: ['171', '172', '900'] });
const department = body('department', box(24.9, 60.15, 25.0, 60.2), { services: ['900'] });
const islands = body('islands', { type: 'MultiPolygon', coordinates: [[ring(25.5, 60.1, 25.6, 60.2)], [ring(25.8, 60.1, 25.9, 60.2)]] });
const holed = body('holed', { type: 'Polygon', coordinates: [ring(26.0, 60.0, 26.4, 60.4), ring(26.1, 60.1, 26.3, 60.3).reverse()] });

const idsAt = async (found: Promise<readonly { id: string }[]>) => (await found).map((entry) => entry.id);

describe('bodies: storing', () => {
  const opened = useFreshStore();

  it('round-trips every field, lists by id, finds by id and by jurisdiction', async () => {
    const { store } = opened;
    expect(await store.bodies.count()).toBe(0);
    expect(await store.bodies.list()).toEqual([]);
    const withKey = body('vantaa', box(24.8, 60.25, 25.2, 60.35), { send: { method: 'open311', endpoint: 'https://example.fi/open311', api_key: 'k' } });
    await store.bodies.importAll([city, withKey, department]);
    expect(await store.bodies.count()).toBe(3);
    const listed = await store.bodies.list();
    expect(listed.map((entry) => entry.id)).toEqual(['city', 'department', 'vantaa']);
    expect(listed[2]).toMatchObject(withKey);
    expect(await store.bodies.find('department')).toMatchObject(department);
    expect(await store.bodies.find('Department')).toBeUndefined();
    expect(await store.bodies.findByJurisdiction('city.example.fi')).toMatchObject(city);
    expect(await store.bodies.findByJurisdiction('nowhere.fi')).toBeUndefined();
  });

  it('reads a body\'s send back through its sender\'s settings: one this version does not know is refused, naming the body', async () => {
    const { store } = opened;
    // As another version of Kerro might have stored it: importAll leaves checking to the bodies file.
    const faxed = body('faxed', box(24.8, 60.25, 25.2, 60.35), { send: { method: 'fax', number: '+358 9 123' } as unknown as BodyRecord['send'] });
    await store.bodies.importAll([city, faxed]);
    await expect(store.bodies.list()).rejects.toThrow('body faxed: its stored send settings are not ones this version knows (send.method: must be "console", "open311" or "email")');
    await store.bodies.importAll([{ ...faxed, send: { method: 'email', to: 'faxed@example.fi' } }]);
    expect((await store.bodies.find('faxed'))?.send).toEqual({ method: 'email', to: 'faxed@example.fi' });
  });

  it('importAll replaces a body by id (names, area, services) and leaves the others alone', async () => {
    const { store } = opened;
    await store.bodies.importAll([city, department]);
    const moved = body('department', box(25.1, 60.25, 25.15, 60.28), { names: { fi: 'Uusi', sv: 'Ny', en: 'New' }, services: ['172'] });
    await store.bodies.importAll([moved]);
    expect(await store.bodies.find('department')).toMatchObject(moved);
    expect(await store.bodies.find('city')).toMatchObject(city);
    expect(await idsAt(store.bodies.at(60.17, 24.95))).toEqual(['city']);
    expect(await idsAt(store.bodies.at(60.26, 25.12))).toEqual(['department', 'city']);
  });

  it('importAll may move jurisdiction ids between bodies in one import', async () => {
    const { store } = opened;
    await store.bodies.importAll([city, department]);
    await store.bodies.importAll([
      { ...city, jurisdiction_id: department.jurisdiction_id },
      { ...department, jurisdiction_id: city.jurisdiction_id },
    ]);
    expect((await store.bodies.findByJurisdiction(department.jurisdiction_id))?.id).toBe('city');
    expect((await store.bodies.findByJurisdiction(city.jurisdiction_id))?.id).toBe('department');
  });

  it('removes a body with its service list; its requests keep their body id', async () => {
    const { store } = opened;
    await store.bodies.importAll([city, department]);
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('req-1', { body_id: 'department' }));
    expect(await store.bodies.remove('department')).toBe(true);
    expect(await store.bodies.remove('department')).toBe(false);
    expect(await store.bodies.find('department')).toBeUndefined();
    expect(await store.bodies.count()).toBe(1);
    expect(await idsAt(store.bodies.at(60.17, 24.95))).toEqual(['city']);
    expect((await store.serviceRequests.find('req-1'))?.body_id).toBe('department');
    // Back with another service list: nothing of the old one is left.
    await store.bodies.importAll([{ ...department, services: ['172'] }]);
    expect((await store.bodies.find('department'))?.services).toEqual(['172']);
  });

  it('adds service codes to a body, after those it has, each once', async () => {
    const { store } = opened;
    await store.bodies.importAll([department]);
    expect(await store.bodies.addServices('department', ['172', '900', '172', '180'])).toBe(true);
    expect((await store.bodies.find('department'))?.services).toEqual(['900', '172', '180']);
    expect(await store.bodies.addServices('nobody', ['172'])).toBe(false);
  });

  it('moves the change token on every write, and another store on the same database sees them', async () => {
    const { store } = opened;
    const second = await openSecondStore(opened);
    try {
      const tokens = [await store.bodies.changeToken()];
      const moved = async () => {
        const token = await second.bodies.changeToken();
        expect(tokens).not.toContain(token);
        tokens.push(token);
      };
      // The second store reads (and keeps) the empty list before the first writes.
      expect(await second.bodies.at(60.17, 24.95)).toEqual([]);
      await store.bodies.importAll([city, department]);
      await moved();
      expect(await idsAt(second.bodies.at(60.17, 24.95))).toEqual(['department', 'city']);
      await store.bodies.importAll([{ ...department, area: box(25.1, 60.25, 25.15, 60.28) }]);
      await moved();
      expect(await idsAt(second.bodies.at(60.17, 24.95))).toEqual(['city']);
      await store.bodies.addServices('city', ['180']);
      await moved();
      expect((await second.bodies.find('city'))?.services).toEqual(['171', '172', '900', '180']);
      await store.bodies.remove('city');
      await moved();
      expect(await second.bodies.at(60.17, 24.95)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('bodies: the snapshot a copy is kept by', () => {
  const opened = useFreshStore();

  it('answers every body with the change token it is as of, the same object until a write moves the token, by any store', async () => {
    const { store } = opened;
    const second = await openSecondStore(opened);
    try {
      const empty = await second.bodies.snapshot();
      expect(empty).toEqual({ token: await second.bodies.changeToken(), bodies: [] });
      expect(await second.bodies.snapshot()).toBe(empty);
      await store.bodies.importAll([department, city]);
      const both = await second.bodies.snapshot();
      expect(both.token).not.toBe(empty.token);
      expect(both.token).toBe(await second.bodies.changeToken());
      expect(both.bodies.map((entry) => entry.id)).toEqual(['city', 'department']);
      expect(Object.isFrozen(both.bodies)).toBe(true);
      expect(await second.bodies.snapshot()).toBe(both);
      await store.bodies.remove('city');
      expect((await second.bodies.snapshot()).bodies.map((entry) => entry.id)).toEqual(['department']);
    } finally {
      await second.close();
    }
  });
});

describe('bodies: which cover a point', () => {
  const opened = useFreshStore('all');
  const twinA = body('twin-a', box(27.0, 60.0, 27.1, 60.1));
  const twinB = body('twin-b', box(27.0, 60.0, 27.1, 60.1));

  it('finds the most specific first: a department inside its city, then the city, sized in square metres', async () => {
    const { store } = opened;
    await store.bodies.importAll([city, department, islands, holed, twinB, twinA]);
    const found = await store.bodies.at(60.17, 24.95);
    expect(found.map((entry) => entry.id)).toEqual(['department', 'city']);
    expect(found[0]).toMatchObject(department);
    // 0.1° × 0.05° at 60.175° N: about 5.55 km × 5.56 km.
    expect(found[0]!.areaSquareMeters).toBeGreaterThan(30.5e6);
    expect(found[0]!.areaSquareMeters).toBeLessThan(31.5e6);
    expect(await idsAt(store.bodies.at(60.25, 24.85))).toEqual(['city']);
  });

  it('counts a point on the boundary as inside: an edge, a corner, the outer edge of the city', async () => {
    const { store } = opened;
    expect(await idsAt(store.bodies.at(60.15, 24.95))).toEqual(['department', 'city']);
    expect(await idsAt(store.bodies.at(60.2, 25.0))).toEqual(['department', 'city']);
    expect(await idsAt(store.bodies.at(60.2, 24.8))).toEqual(['city']);
  });

  it('covers every part of a MultiPolygon and nothing between them', async () => {
    const { store } = opened;
    expect(await idsAt(store.bodies.at(60.15, 25.55))).toEqual(['islands']);
    expect(await idsAt(store.bodies.at(60.15, 25.85))).toEqual(['islands']);
    expect(await idsAt(store.bodies.at(60.15, 25.7))).toEqual([]);
  });

  it('leaves out a hole, and counts the hole’s edge as the area’s boundary', async () => {
    const { store } = opened;
    expect(await idsAt(store.bodies.at(60.2, 26.2))).toEqual([]);
    expect(await idsAt(store.bodies.at(60.05, 26.2))).toEqual(['holed']);
    expect(await idsAt(store.bodies.at(60.2, 26.1))).toEqual(['holed']);
  });

  it('finds none outside every area', async () => {
    const { store } = opened;
    expect(await store.bodies.at(helsinki.lat + 1, helsinki.long)).toEqual([]);
    expect(await store.bodies.at(-33.86, 151.2)).toEqual([]);
  });

  it('orders equal areas by id', async () => {
    const { store } = opened;
    expect(await idsAt(store.bodies.at(60.05, 27.05))).toEqual(['twin-a', 'twin-b']);
  });
});

describe('bodies: requests filtered by body', () => {
  const opened = useFreshStore('all');
  const t = (hours: number) => baseTime + hours * hour;
  const requests = [
    newRequest('req-city-1', { body_id: 'city', requested_at: t(1) }),
    newRequest('req-dept-1', { body_id: 'department', requested_at: t(2) }),
    newRequest('req-none', { body_id: null, requested_at: t(3) }),
    newRequest('req-city-2', { body_id: 'city', requested_at: t(4), moderation: 'pending' }),
    newRequest('req-dept-2', { body_id: 'department', requested_at: t(5), moderation: 'pending' }),
    newRequest('req-other', { body_id: 'other', requested_at: t(6), moderation: 'pending' }),
  ];
  const ids = (records: readonly ServiceRequestRecord[]) => records.map((record) => record.service_request_id);
  const listing = (bodyIds: string[] | undefined, more: Partial<ServiceRequestQuery> = {}): ServiceRequestQuery => ({
    moderation: ['published', 'pending'] as ModerationState[],
    limit: 100,
    bodyIds,
    ...more,
  });

  it('lists only requests of the bodies asked for, in the listing and its entries', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.createMany(requests);
    for (const [bodyIds, expected] of [
      [['city'], ['req-city-2', 'req-city-1']],
      [['department', 'other'], ['req-other', 'req-dept-2', 'req-dept-1']],
      [[], []],
      [undefined, ['req-other', 'req-dept-2', 'req-city-2', 'req-none', 'req-dept-1', 'req-city-1']],
    ] as const) {
      const query = listing(bodyIds && [...bodyIds]);
      expect(ids(await store.serviceRequests.query(query)), String(bodyIds)).toEqual(expected);
      expect((await store.serviceRequests.listingEntries(query)).map((entry) => entry[0]), String(bodyIds)).toEqual(expected);
    }
  });

  it('filters a radius search by body', async () => {
    const { store } = opened;
    const near = { lat: helsinki.lat, long: helsinki.long, radiusMeters: 500 };
    const query = listing(['department'], { near, requestedFrom: t(0), requestedTo: t(10) });
    expect(ids(await store.serviceRequests.query(query))).toEqual(['req-dept-2', 'req-dept-1']);
    expect((await store.serviceRequests.listingEntries(query)).map((entry) => entry[0])).toEqual(['req-dept-2', 'req-dept-1']);
    expect(await store.serviceRequests.query(listing([], { near }))).toEqual([]);
  });

  it('filters the moderation list and its count by body', async () => {
    const { store } = opened;
    const pending = (bodyIds?: string[]) => store.serviceRequests.listByModeration({ moderation: 'pending', order: 'oldest', limit: 100, bodyIds });
    expect(ids(await pending(['city', 'department']))).toEqual(['req-city-2', 'req-dept-2']);
    expect(ids(await pending(['nobody']))).toEqual([]);
    expect(ids(await pending([]))).toEqual([]);
    expect(ids(await pending())).toEqual(['req-city-2', 'req-dept-2', 'req-other']);
    expect(
      ids(await store.serviceRequests.listByModeration({ moderation: 'pending', order: 'newest', limit: 1, bodyIds: ['city', 'department'], after: { requested_at: t(5), service_request_id: 'req-dept-2' } })),
    ).toEqual(['req-city-2']);
    expect(await store.serviceRequests.countByModeration('pending', ['department', 'other'])).toBe(2);
    expect(await store.serviceRequests.countByModeration('pending', [])).toBe(0);
    expect(await store.serviceRequests.countByModeration('pending')).toBe(3);
    expect(await store.serviceRequests.countByModeration('published', ['city'])).toBe(1);
  });
});
