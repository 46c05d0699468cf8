import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/server/storage';
import type { CounterRepository } from '../../../src/server/storage/repositories/types';
import { counter, counters } from './counters-app';
import { useStorePerTest } from '../../helpers/store-per-test';

// The SQLite query plans of these filters: test/server/storage/sqlite-query-plans.test.ts.
describe('counter repository', () => {
  let store: Store;
  let repository: CounterRepository;
  const opened = useStorePerTest('kerro-counter-repo-');
  beforeEach(() => {
    ({ store } = opened);
    repository = store.counters;
  });

  it('round-trips every field, nulls included', async () => {
    const record = counter(42, { sourceId: null, classifying: true, dataReceived: false, firstStoredObservation: null, lastStoredObservation: null, municipalityCode: '235', longitude: 0, latitude: 0 });
    await repository.upsertMany([record]);
    expect(await repository.find(42)).toEqual({ ...record, revision: 1 });
    expect(await repository.find(43)).toBeUndefined();
  });

  it('upserts by id, counting inserted, updated and unchanged, and moves the dataset version only on a change', async () => {
    expect(await repository.datasetVersion()).toBe(0);
    expect(await repository.upsertMany(counters(3))).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
    expect(await repository.datasetVersion()).toBe(1);
    expect(await repository.upsertMany(counters(3))).toEqual({ inserted: 0, updated: 0, unchanged: 3 });
    expect(await repository.datasetVersion()).toBe(1);
    expect(await repository.upsertMany([counter(2, { name: 'New name' }), counter(4)])).toEqual({ inserted: 1, updated: 1, unchanged: 0 });
    expect(await repository.datasetVersion()).toBe(2);
    expect(await repository.listRevisions({}, 0, 10)).toEqual([
      { id: 1, revision: 1 },
      { id: 2, revision: 2 },
      { id: 3, revision: 1 },
      { id: 4, revision: 2 },
    ]);
  });

  it('writes all or nothing', async () => {
    const broken = { ...counter(2), name: null as unknown as string };
    await expect(repository.upsertMany([counter(1), broken])).rejects.toThrow();
    expect(await repository.count()).toBe(0);
    expect(await repository.datasetVersion()).toBe(0);
  });

  it('lists pages in id order and finds many by id', async () => {
    await repository.upsertMany([counter(30), counter(10), counter(20)]);
    expect((await repository.listMatching({}, 1, 5)).map((c) => c.id)).toEqual([20, 30]);
    expect((await repository.findMany([30, 99, 10])).map((c) => c.id)).toEqual([10, 30]);
    expect(await repository.countMatching({ source: 'ECOCOUNTER', municipalityCodes: ['091'] })).toBe(3);
    expect(await repository.countMatching({ municipalityCodes: [] })).toBe(0);
  });
});
