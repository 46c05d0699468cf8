import { describe, expect, it } from 'vitest';
import { testBackend } from '../../../helpers/test-store';
import { counterRecord, newRequest, openSecondStore, storeServiceTypes, useFreshStore } from './fixtures';

describe('store: backend, health and close', () => {
  const opened = useFreshStore();
  // On PostgreSQL photos are rows here (no MEDIA_DIR): no media check to fail apart from the database.
  const healthy = testBackend === 'postgres' ? { database: 'ok' } : { database: 'ok', media: 'ok' };

  it('names its backend', () => {
    expect(opened.store.backend).toBe(testBackend);
  });

  it('is healthy when open: the database answers and photos can be written', async () => {
    expect(await opened.store.health()).toEqual(healthy);
    // A health probe writes nothing anyone can see.
    expect(await opened.store.serviceRequests.count()).toBe(0);
    expect(await opened.store.media.open('.readyz.tmp')).toBeUndefined();
  });

  it('after close the database is reported failed, never thrown; closing twice is fine', async () => {
    const other = await openSecondStore(opened);
    await other.close();
    expect((await other.health()).database).toBe('failed');
    await other.close();
    // The store it shared is unaffected.
    expect(await opened.store.health()).toEqual(healthy);
  });

  it('keeps what was written across close and reopen', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('kept'));
    await store.counters.upsertMany([counterRecord(1)]);
    await store.settings.set('session_secret', 'x');
    const photo = await store.media.save(Buffer.from('photo'), 'jpg');
    const token = await store.serviceRequests.changeToken();
    await store.close();

    opened.store = await openSecondStore(opened);
    expect(await opened.store.serviceRequests.find('kept')).toBeDefined();
    expect(await opened.store.serviceTypes.count()).toBe(3);
    expect(await opened.store.counters.datasetVersion()).toBe(1);
    expect(await opened.store.settings.get('session_secret')).toBe('x');
    expect(await opened.store.media.open(photo)).toMatchObject({ size: 5 });
    expect(await opened.store.serviceRequests.changeToken()).toBe(token);
  });
});
