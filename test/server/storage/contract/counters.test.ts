import { beforeAll, describe, expect, it } from 'vitest';
import type { CounterFilter, CounterRecord } from '../../../../src/server/storage/repositories/types';
import { counterRecord, helsinki, openSecondStore, pointAt, useFreshStore } from './fixtures';

const at = (point: { lat: number; long: number }) => ({ latitude: point.lat, longitude: point.long });

describe('counters: writing', () => {
  const opened = useFreshStore();

  it('round-trips every field, nulls included, with the revision of its write', async () => {
    const { counters } = opened.store;
    const full = counterRecord(42, {
      name: 'Baana, Ruoholahti → keskusta',
      source: 'EcoCounter',
      sourceId: 100_042,
      classifying: true,
      crsEpsg: 3879,
      municipalityCode: '091',
      dataReceived: true,
      firstStoredObservation: Date.parse('2019-03-01T00:00:00Z'),
      lastStoredObservation: Date.parse('2025-10-31T23:45:00Z'),
      longitude: 24.92931234567891,
      latitude: 60.16481234567891,
    });
    const empty = counterRecord(7, {
      sourceId: null, classifying: false, dataReceived: false, firstStoredObservation: null, lastStoredObservation: null,
      municipalityCode: '235', longitude: 0, latitude: 0,
    });
    await counters.upsertMany([full, empty]);
    expect(await counters.find(42)).toEqual({ ...full, revision: 1 });
    expect(await counters.find(7)).toEqual({ ...empty, revision: 1 });
    expect(await counters.find(43)).toBeUndefined();
    expect(await counters.count()).toBe(2);
  });

  it('round-trips ids and numbers beyond 32 bits as numbers', async () => {
    const { counters } = opened.store;
    const big = counterRecord(2 ** 40 + 3, { sourceId: 2 ** 45 + 1, firstStoredObservation: Date.parse('2099-12-31T23:59:59.999Z') });
    await counters.upsertMany([big, counterRecord(5)]);
    expect(await counters.find(2 ** 40 + 3)).toEqual({ ...big, revision: 1 });
    expect(await counters.findMany([2 ** 40 + 3, 5])).toEqual([{ ...counterRecord(5), revision: 1 }, { ...big, revision: 1 }]);
    expect(await counters.listRevisions({}, 0, 10)).toEqual([{ id: 5, revision: 1 }, { id: 2 ** 40 + 3, revision: 1 }]);
    expect(typeof (await counters.datasetVersion())).toBe('number');
    expect(typeof (await counters.count())).toBe('number');
  });

  it('summarises inserted, updated and unchanged, and moves the dataset version only on a real change', async () => {
    const { counters } = opened.store;
    expect(await counters.datasetVersion()).toBe(0);
    expect(await counters.upsertMany([])).toEqual({ inserted: 0, updated: 0, unchanged: 0 });
    expect(await counters.datasetVersion()).toBe(0);

    const three = [counterRecord(1), counterRecord(2), counterRecord(3)];
    expect(await counters.upsertMany(three)).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
    expect(await counters.datasetVersion()).toBe(1);
    expect(await counters.upsertMany(three)).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await counters.datasetVersion()).toBe(1);

    expect(await counters.upsertMany([counterRecord(2, { name: 'Renamed' }), counterRecord(3), counterRecord(4)])).toEqual({ inserted: 1, updated: 1, unchanged: 1 });
    expect(await counters.datasetVersion()).toBe(2);
    // A row's revision is the version of its last real write.
    expect(await counters.listRevisions({}, 0, 10)).toEqual([
      { id: 1, revision: 1 },
      { id: 2, revision: 2 },
      { id: 3, revision: 1 },
      { id: 4, revision: 2 },
    ]);
    expect((await counters.find(2))?.name).toBe('Renamed');
    expect(await counters.count()).toBe(4);
  });

  it.each<[string, Partial<CounterRecord>]>([
    ['name', { name: 'Counter 1 ' }],
    ['source', { source: 'ecocounter' }],
    ['sourceId', { sourceId: null }],
    ['classifying', { classifying: true }],
    ['crsEpsg', { crsEpsg: 3067 }],
    ['municipalityCode', { municipalityCode: '092' }],
    ['dataReceived', { dataReceived: false }],
    ['firstStoredObservation', { firstStoredObservation: null }],
    ['lastStoredObservation', { lastStoredObservation: Date.parse('2024-01-15T10:00:00Z') + 1 }],
    ['longitude', { longitude: helsinki.long + 1e-9 }],
    ['latitude', { latitude: helsinki.lat - 1e-9 }],
  ])('a change of %s alone is an update', async (_field, change) => {
    const { counters } = opened.store;
    await counters.upsertMany([counterRecord(1)]);
    expect(await counters.upsertMany([counterRecord(1, change)])).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(await counters.find(1)).toEqual({ ...counterRecord(1, change), revision: 2 });
    expect(await counters.datasetVersion()).toBe(2);
  });

  it('applies a batch in order: a later record of the same id wins', async () => {
    const { counters } = opened.store;
    expect(await counters.upsertMany([counterRecord(5, { name: 'first' }), counterRecord(5, { name: 'second' })])).toEqual({
      inserted: 1, updated: 1, unchanged: 0,
    });
    expect((await counters.find(5))?.name).toBe('second');
    expect(await counters.datasetVersion()).toBe(1);
  });

  it('writes all or nothing: a bad record leaves inserts, updates and the version as they were', async () => {
    const { counters } = opened.store;
    await counters.upsertMany([counterRecord(1), counterRecord(2)]);
    const broken = { ...counterRecord(9), name: null as unknown as string };
    await expect(counters.upsertMany([counterRecord(1, { name: 'Changed' }), counterRecord(3), broken, counterRecord(4)])).rejects.toThrow();
    expect(await counters.count()).toBe(2);
    expect(await counters.find(1)).toEqual({ ...counterRecord(1), revision: 1 });
    expect(await counters.find(3)).toBeUndefined();
    expect(await counters.datasetVersion()).toBe(1);
    // Still writable afterwards.
    expect(await counters.upsertMany([counterRecord(3)])).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    expect(await counters.datasetVersion()).toBe(2);
  });

  it('the dataset version is the store’s: another instance sees it, and racing writers never share one', async () => {
    const { counters } = opened.store;
    const other = await openSecondStore(opened);
    try {
      await other.counters.upsertMany([counterRecord(1)]);
      expect(await counters.datasetVersion()).toBe(1);
      expect(await counters.find(1)).toEqual({ ...counterRecord(1), revision: 1 });
      const batches = Array.from({ length: 6 }, (_, index) => [counterRecord(100 + index)]);
      const summaries = await Promise.all(batches.map((batch, index) => (index % 2 === 0 ? counters : other.counters).upsertMany(batch)));
      expect(summaries).toEqual(batches.map(() => ({ inserted: 1, updated: 0, unchanged: 0 })));
      expect(await counters.datasetVersion()).toBe(7);
      const revisions = (await counters.listRevisions({}, 0, 100)).filter((entry) => entry.id >= 100).map((entry) => entry.revision);
      expect(revisions.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
    } finally {
      await other.close();
    }
  });
});

describe('counters: listing', () => {
  const opened = useFreshStore('all');
  const radiusKm = 2;
  // Ids out of insertion order; sources in every case; three municipalities; points around 2 km.
  const records: CounterRecord[] = [
    counterRecord(30, { source: 'EcoCounter', municipalityCode: '091', ...at(pointAt(helsinki, 10, 0)) }),
    counterRecord(10, { source: 'ECOCOUNTER', municipalityCode: '049', ...at(pointAt(helsinki, radiusKm * 1000 - 0.001, 45)) }),
    counterRecord(20, { source: 'ecocounter', municipalityCode: '091', ...at(pointAt(helsinki, radiusKm * 1000 + 0.001, 45)) }),
    counterRecord(40, { source: 'Helsinki', municipalityCode: '091', ...at(pointAt(helsinki, radiusKm * 1000 - 0.001, 180)) }),
    counterRecord(50, { source: 'Helsinki', municipalityCode: '092', ...at(pointAt(helsinki, radiusKm * 1000 + 0.001, 270)) }),
    counterRecord(60, { source: 'EcoCounter Oy', municipalityCode: '091', ...at(pointAt(helsinki, 1500, 90)) }),
    counterRecord(70, { source: 'ÅBO STAD', municipalityCode: '853', latitude: 60.4518, longitude: 22.2666 }),
    counterRecord(80, { source: 'Helsinki', municipalityCode: '091', latitude: 0, longitude: 0 }),
  ];
  const ascending = (list: number[]) => [...list].sort((a, b) => a - b);

  beforeAll(async () => {
    await opened.store.counters.upsertMany(records);
  });

  /** Every reading of one filter must agree: count, full pages, revision pages. */
  async function matching(filter: CounterFilter): Promise<number[]> {
    const { counters } = opened.store;
    const listed = (await counters.listMatching(filter, 0, 1000)).map((counter) => counter.id);
    expect((await counters.listRevisions(filter, 0, 1000)).map((entry) => entry.id)).toEqual(listed);
    expect(await counters.countMatching(filter)).toBe(listed.length);
    return listed;
  }

  it('without a filter: every counter, ascending id', async () => {
    expect(await matching({})).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
    const [first] = await opened.store.counters.listMatching({}, 0, 1);
    expect(first).toEqual({ ...records[1], revision: 1 });
  });

  it('source: case-insensitive and exact, never a part', async () => {
    expect(await matching({ source: 'ecocounter' })).toEqual([10, 20, 30]);
    expect(await matching({ source: 'EcoCounter' })).toEqual([10, 20, 30]);
    expect(await matching({ source: 'eCoCoUnTeR' })).toEqual([10, 20, 30]);
    expect(await matching({ source: 'ecocounter oy' })).toEqual([60]);
    expect(await matching({ source: 'Eco' })).toEqual([]);
    expect(await matching({ source: 'ecocounter ' })).toEqual([]);
    expect(await matching({ source: 'HELSINKI' })).toEqual([40, 50, 80]);
    expect(await matching({ source: '' })).toEqual([]);
  });

  it('source: letters beyond A–Z fold too', async () => {
    expect(await matching({ source: 'åbo stad' })).toEqual([70]);
    expect(await matching({ source: 'Åbo Stad' })).toEqual([70]);
  });

  it('answers nothing, never an error, for filters holding NUL', async () => {
    // ?source=%00 and ?municipality=%00 reach the filter as sent.
    const { counters } = opened.store;
    await expect.soft(counters.countMatching({ source: 'ecocounter\u0000' }), 'countMatching source').resolves.toBe(0);
    await expect.soft(counters.listMatching({ source: '\u0000' }, 0, 10), 'listMatching source').resolves.toEqual([]);
    await expect.soft(counters.listRevisions({ municipalityCodes: ['091\u0000'] }, 0, 10), 'listRevisions municipalityCodes').resolves.toEqual([]);
    await expect.soft(counters.countMatching({ municipalityCodes: ['\u0000'] }), 'countMatching municipalityCodes').resolves.toBe(0);
  });

  it('municipality codes: any of them, exactly; an empty list matches nothing', async () => {
    expect(await matching({ municipalityCodes: ['091'] })).toEqual([20, 30, 40, 60, 80]);
    expect(await matching({ municipalityCodes: ['049', '092', '853'] })).toEqual([10, 50, 70]);
    expect(await matching({ municipalityCodes: ['91'] })).toEqual([]);
    expect(await matching({ municipalityCodes: [] })).toEqual([]);
    expect(await matching({ municipalityCodes: [], source: 'helsinki' })).toEqual([]);
  });

  it('near: within the distance in km, inclusive to the millimetre', async () => {
    const near = { ...at(helsinki), distanceKm: radiusKm, order: 'id' as const };
    expect(await matching({ near })).toEqual([10, 30, 40, 60]);
    expect(await matching({ near: { ...near, distanceKm: 1 } })).toEqual([30]);
    expect(await matching({ near: { ...near, distanceKm: 0 } })).toEqual([]);
    expect(await matching({ near: { latitude: 0, longitude: 0, distanceKm: 0 } })).toEqual([80]);
    expect(await matching({ near: { ...near, distanceKm: 500 } })).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('near: nearest first, ties by id; by id when asked', async () => {
    const near = { ...at(helsinki), distanceKm: 500 };
    const nearest = await matching({ near });
    expect(nearest.slice(0, 2)).toEqual([30, 60]);
    expect(ascending(nearest.slice(2, 4))).toEqual([10, 40]);
    expect(ascending(nearest.slice(4, 6))).toEqual([20, 50]);
    expect(nearest[6]).toBe(70);
    expect(await matching({ near: { ...near, order: 'id' } })).toEqual([10, 20, 30, 40, 50, 60, 70]);
    // Two counters at the same spot: the lower id first.
    expect(await matching({ near: { latitude: 0, longitude: 0, distanceKm: 1 } })).toEqual([80]);
    expect((await opened.store.counters.listMatching({ near, municipalityCodes: ['091'] }, 0, 2)).map((c) => c.id)).toEqual([30, 60]);
  });

  it('within an area: strictly inside (an edge is outside), holes left out, any polygon of several', async () => {
    const { counters } = opened.store;
    const ids = async (area: Parameters<typeof counters.listWithin>[0]) => (await counters.listWithin(area)).map((c) => c.id);
    const box = (west: number, south: number, east: number, north: number): [number, number][] => [
      [west, south], [east, south], [east, north], [west, north], [west, south],
    ];
    const around = (point: { lat: number; long: number }, d: number) => box(point.long - d, point.lat - d, point.long + d, point.lat + d);
    expect(await ids([[around(helsinki, 0.1)]])).toEqual([10, 20, 30, 40, 50, 60]);
    expect(await ids([[around(helsinki, 0.1), around(helsinki, 0.0005)]])).toEqual([10, 20, 40, 50, 60]);
    expect(await ids([[around(helsinki, 0.0005)], [box(22, 60, 23, 61)]])).toEqual([30, 70]);
    // The placeholder counter at 0,0 lies on the edge of this box and at a corner of the next.
    expect(await ids([[box(-1, 0, 1, 1)]])).toEqual([]);
    expect(await ids([[box(0, 0, 1, 1)]])).toEqual([]);
    expect(await ids([[box(-1, -1, 1, 1)]])).toEqual([80]);
    // Two triangles halving one box around Turku: only the one holding it answers it.
    expect(await ids([[[[22, 60], [23, 60], [22, 61], [22, 60]]]])).toEqual([70]);
    expect(await ids([[[[22, 60], [23, 60], [23, 61], [22, 60]]]])).toEqual([]);
  });

  it('combines every part with AND', async () => {
    const near = { ...at(helsinki), distanceKm: radiusKm, order: 'id' as const };
    expect(await matching({ near, source: 'ECOCOUNTER' })).toEqual([10, 30]);
    expect(await matching({ near, municipalityCodes: ['091'] })).toEqual([30, 40, 60]);
    expect(await matching({ near, source: 'helsinki', municipalityCodes: ['091', '092'] })).toEqual([40]);
    expect(await matching({ source: 'helsinki', municipalityCodes: ['092'] })).toEqual([50]);
  });

  it('pages by offset and limit in the listing’s order, for every filter shape', async () => {
    const { counters } = opened.store;
    const filters: CounterFilter[] = [
      {},
      { source: 'helsinki' },
      { municipalityCodes: ['091', '049'] },
      { near: { ...at(helsinki), distanceKm: 500, order: 'id' } },
      { near: { ...at(helsinki), distanceKm: 500 }, municipalityCodes: ['091'] },
    ];
    for (const filter of filters) {
      const all = await matching(filter);
      for (const [offset, limit] of [[0, 2], [2, 2], [1, 3], [all.length - 1, 5], [all.length, 5], [100, 5], [0, 0]] as const) {
        const page = await counters.listMatching(filter, offset, limit);
        expect(page.map((counter) => counter.id)).toEqual(all.slice(offset, offset + limit));
        expect(await counters.listRevisions(filter, offset, limit)).toEqual(page.map(({ id, revision }) => ({ id, revision })));
      }
    }
  });

  it('findMany: ascending id, unknown ids left out', async () => {
    const { counters } = opened.store;
    expect((await counters.findMany([70, 999, 10, 40])).map((counter) => counter.id)).toEqual([10, 40, 70]);
    expect(await counters.findMany([])).toEqual([]);
    expect(await counters.findMany([1, 2, 3])).toEqual([]);
    expect(await counters.findMany([30])).toEqual([{ ...records[0], revision: 1 }]);
    const many = Array.from({ length: 450 }, (_, index) => index + 1);
    expect((await counters.findMany(many)).map((counter) => counter.id)).toEqual(ascending([10, 20, 30, 40, 50, 60, 70, 80]));
  });
});
