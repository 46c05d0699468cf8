import { describe, expect, it } from 'vitest';
import type { ObservationRecord, ObservationSortKey } from '../../../../src/server/storage/repositories/types';
import { bicycleCount } from '../../../helpers/observation-records';
import { useFreshStore } from './fixtures';

const hour = 3_600_000;
const t0 = Date.UTC(2025, 5, 1, 0, 0, 0);

function observation(overrides: Partial<ObservationRecord> = {}): ObservationRecord {
  return bicycleCount({ datetime: t0, value: 10, ...overrides });
}

const newestFirst: ObservationSortKey[] = [
  { field: 'datetime', descending: true },
  { field: 'counterId', descending: false },
  { field: 'measurementType', descending: false },
  { field: 'direction', descending: false },
  { field: 'vehicleType', descending: false },
];

describe('observations: storing and listing', () => {
  const opened = useFreshStore();

  it('round-trips every field and replaces a value stored again under the same key', async () => {
    const { store } = opened;
    const first = observation();
    await store.observations.upsertMany([first, observation({ value: 12, unit: 'kpl' })]);
    const rows = await store.observations.list({}, { order: newestFirst, offset: 0, limit: 10 });
    expect(rows).toEqual([{ ...first, value: 12, unit: 'kpl' }]);
    expect(await store.observations.count({})).toBe(1);
  });

  it('writes all or nothing, however many rows (an import): a bad record leaves series and values as they were', async () => {
    const { store } = opened;
    await store.observations.upsertMany([observation()]);
    // More rows than one statement takes, so the bad one comes after others were written.
    const many = Array.from({ length: 25_000 }, (_, index) => observation({ counterId: 8 + (index % 3), datetime: t0 + index * hour, value: 20 }));
    const broken = observation({ counterId: 99, value: null as unknown as number });
    await expect(store.observations.upsertMany([observation({ value: 11 }), ...many, broken])).rejects.toThrow();
    expect(await store.observations.count({})).toBe(1);
    expect(await store.observations.list({}, { order: newestFirst, offset: 0, limit: 10 })).toEqual([observation()]);
    expect(await store.observations.aggregate({ counterId: 8, measurementType: 'count' })).toEqual([]);
    // Still writable afterwards.
    await store.observations.upsertMany([observation({ value: 12 })]);
    expect(await store.observations.count({})).toBe(1);
  });

  it('filters by counters, time range (inclusive), measurement type and source case-insensitively', async () => {
    const { store } = opened;
    await store.observations.upsertMany([
      observation({ datetime: t0 }),
      observation({ datetime: t0 + hour }),
      observation({ datetime: t0 + 2 * hour, counterId: 8 }),
      observation({ datetime: t0, measurementType: 'speed', unit: 'km/h', value: 23 }),
      observation({ datetime: t0, counterId: 9, source: 'Fintraffic' }),
    ]);
    const list = (filter: Parameters<typeof store.observations.list>[0]) =>
      store.observations.list(filter, { order: newestFirst, offset: 0, limit: 100 }).then((rows) => rows.map((row) => [row.counterId, row.datetime, row.measurementType]));
    expect(await list({ counterIds: [8, 9] })).toEqual([[8, t0 + 2 * hour, 'count'], [9, t0, 'count']]);
    expect(await list({ counterIds: [] })).toEqual([]);
    expect(await list({ from: t0 + hour, to: t0 + 2 * hour })).toEqual([[8, t0 + 2 * hour, 'count'], [7, t0 + hour, 'count']]);
    expect(await list({ measurementType: 'SPEED' })).toEqual([[7, t0, 'speed']]);
    expect(await list({ source: 'fintraffic' })).toEqual([[9, t0, 'count']]);
    expect(await store.observations.count({ counterIds: [7] })).toBe(3);
  });

  it('pages by keyset position and by offset in any order of the sort fields', async () => {
    const { store } = opened;
    const records = [7, 8].flatMap((counterId) =>
      [0, 1, 2].flatMap((h) => ['in', 'out'].map((direction) => observation({ counterId, direction, datetime: t0 + h * hour, value: h }))),
    );
    await store.observations.upsertMany(records);
    const all = await store.observations.list({}, { order: newestFirst, offset: 0, limit: 100 });
    expect(all).toHaveLength(12);
    expect(all.slice(0, 3).map((row) => [row.datetime, row.counterId, row.direction])).toEqual([
      [t0 + 2 * hour, 7, 'in'],
      [t0 + 2 * hour, 7, 'out'],
      [t0 + 2 * hour, 8, 'in'],
    ]);
    const position = (row: ObservationRecord) => [row.datetime, row.counterId, row.measurementType, row.direction, row.vehicleType];
    const after = await store.observations.list({}, { order: newestFirst, after: position(all[4]!), offset: 0, limit: 3 });
    expect(after).toEqual(all.slice(5, 8));
    expect(await store.observations.list({}, { order: newestFirst, offset: 10, limit: 5 })).toEqual(all.slice(10));
    const byCounterDesc: ObservationSortKey[] = [{ field: 'counterId', descending: true }, ...newestFirst.filter((key) => key.field !== 'counterId')];
    const reordered = await store.observations.list({}, { order: byCounterDesc, offset: 0, limit: 2 });
    expect(reordered.map((row) => [row.counterId, row.datetime, row.direction])).toEqual([[8, t0 + 2 * hour, 'in'], [8, t0 + 2 * hour, 'out']]);
  });

  it('aggregates one counter and measurement type per hour and series', async () => {
    const { store } = opened;
    await store.observations.upsertMany([
      observation({ datetime: t0, value: 5 }),
      observation({ datetime: t0 + 15 * 60_000, value: 6 }),
      observation({ datetime: t0, vehicleType: 'pedestrian', value: 1 }),
      observation({ datetime: t0, direction: 'out', value: 2 }),
      observation({ datetime: t0 + hour, value: 4 }),
      observation({ datetime: t0 + 5 * hour, value: 100 }),
      observation({ datetime: t0, counterId: 8, value: 1000 }),
      observation({ datetime: t0, measurementType: 'speed', value: 30 }),
    ]);
    const buckets = await store.observations.aggregate({ counterId: 7, measurementType: 'COUNT', to: t0 + 2 * hour });
    buckets.sort((a, b) => a.start - b.start || a.direction.localeCompare(b.direction) || a.sum - b.sum);
    expect(buckets).toEqual([
      { direction: 'in', unit: 'pcs', start: t0, sum: 1, count: 1 },
      { direction: 'in', unit: 'pcs', start: t0, sum: 11, count: 2 },
      { direction: 'out', unit: 'pcs', start: t0, sum: 2, count: 1 },
      { direction: 'in', unit: 'pcs', start: t0 + hour, sum: 4, count: 1 },
    ]);
    expect(await store.observations.aggregate({ counterId: 7, measurementType: 'count', from: t0 + 3 * hour })).toEqual([
      { direction: 'in', unit: 'pcs', start: t0 + 5 * hour, sum: 100, count: 1 },
    ]);
  });

  it('keeps data sources with a description per language, by name', async () => {
    const { store } = opened;
    const eco = { name: 'EcoCounter', license: 'CC BY 4.0', descriptions: { fi: 'Pyöräilijät', sv: 'Cyklister', en: 'Cyclists' } };
    await store.observations.upsertSources([{ ...eco, name: 'Fintraffic' }, eco]);
    await store.observations.upsertSources([{ ...eco, license: 'CC0' }]);
    expect(await store.observations.listSources()).toEqual([{ ...eco, license: 'CC0' }, { ...eco, name: 'Fintraffic' }]);
  });
});
