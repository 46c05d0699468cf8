import { describe, expect, it } from 'vitest';
import type { ServiceTypeRecord } from '../../../../src/server/storage/repositories/types';
import { newRequest, openSecondStore, serviceTypes, storeServiceTypes, useFreshStore } from './fixtures';

const streetlight = serviceTypes[2]!;

describe('service types', () => {
  const opened = useFreshStore();

  it('starts empty', async () => {
    const { store } = opened;
    expect(await store.serviceTypes.list()).toEqual([]);
    expect(await store.serviceTypes.count()).toBe(0);
    expect(await store.serviceTypes.find('171')).toBeUndefined();
  });

  it('round-trips every field: translations by language, attributes with their values', async () => {
    const { store } = opened;
    await store.serviceTypes.upsert(streetlight);
    expect(await store.serviceTypes.find('900')).toEqual(streetlight);
    expect(await store.serviceTypes.count()).toBe(1);
    expect(await store.serviceTypes.find('90')).toBeUndefined();
    expect(await store.serviceTypes.find('900 ')).toBeUndefined();
  });

  it('lists by position, then by service code', async () => {
    const { store } = opened;
    const extra: ServiceTypeRecord = { ...serviceTypes[0]!, service_code: '100', position: 2 };
    for (const type of [...serviceTypes].reverse()) await store.serviceTypes.upsert(type);
    await store.serviceTypes.upsert(extra);
    expect((await store.serviceTypes.list()).map((type) => type.service_code)).toEqual(['171', '100', '198', '900']);
    expect(await store.serviceTypes.list()).toEqual([serviceTypes[0], extra, serviceTypes[1], serviceTypes[2]]);
    expect(await store.serviceTypes.count()).toBe(4);
  });

  it('orders attributes by their order, then by code', async () => {
    const { store } = opened;
    const [pole, kind, extra] = streetlight.attributes;
    const record: ServiceTypeRecord = {
      ...streetlight,
      attributes: [
        { ...extra!, order: 1 },
        { ...kind!, order: 5 },
        { ...pole!, order: 1 },
      ],
    };
    await store.serviceTypes.upsert(record);
    expect((await store.serviceTypes.find('900'))!.attributes.map((attribute) => [attribute.code, attribute.order])).toEqual([
      ['EXTRA', 1],
      ['POLE', 1],
      ['KIND', 5],
    ]);
  });

  it('upsert replaces the whole type: metadata, translations and attributes', async () => {
    const { store } = opened;
    for (const type of serviceTypes) await store.serviceTypes.upsert(type);
    const changed: ServiceTypeRecord = {
      service_code: '900',
      type: 'blackbox',
      position: 0,
      translations: { en: { service_name: 'Street lighting', description: 'Lamps', keywords: 'lamp, light', group: 'Lighting' } },
      attributes: [
        {
          code: 'KIND', variable: true, datatype: 'multivaluelist', required: true, datatype_description: 'Pick any', order: 1, description: 'What is wrong now',
          values: [{ key: 'dark', name: 'Dark' }, { key: 'flicker', name: 'Flickering' }, { key: 'day', name: 'On by day' }],
        },
      ],
    };
    await store.serviceTypes.upsert(changed);
    expect(await store.serviceTypes.find('900')).toEqual(changed);
    expect(await store.serviceTypes.count()).toBe(3);
    expect((await store.serviceTypes.list()).map((type) => type.service_code)).toEqual(['900', '171', '198']);
    // The others are untouched.
    expect(await store.serviceTypes.find('171')).toEqual(serviceTypes[0]);

    await store.serviceTypes.upsert({ ...changed, translations: {}, attributes: [] });
    expect(await store.serviceTypes.find('900')).toEqual({ ...changed, translations: {}, attributes: [] });
  });

  it('an upsert by another instance is seen at once, whatever this one read before', async () => {
    const { store } = opened;
    await store.serviceTypes.upsert(serviceTypes[0]!);
    // Read first, so anything this instance keeps in memory is filled.
    expect(await store.serviceTypes.list()).toHaveLength(1);
    expect(await store.serviceTypes.find('198')).toBeUndefined();
    const other = await openSecondStore(opened);
    try {
      await other.serviceTypes.upsert(serviceTypes[1]!);
      await other.serviceTypes.upsert({ ...serviceTypes[0]!, position: 9 });
      expect(await store.serviceTypes.find('198')).toEqual(serviceTypes[1]);
      expect((await store.serviceTypes.list()).map((type) => [type.service_code, type.position])).toEqual([
        ['198', 2],
        ['171', 9],
      ]);
      expect(await store.serviceTypes.count()).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('upsertMany stores every record, or none when one fails', async () => {
    const { store } = opened;
    await store.serviceTypes.upsertMany(serviceTypes);
    expect(await store.serviceTypes.list()).toEqual(serviceTypes);
    await store.serviceTypes.upsertMany([]);
    expect(await store.serviceTypes.count()).toBe(3);

    const renamed: ServiceTypeRecord = { ...serviceTypes[0]!, service_code: '500' };
    // Two attributes with one code break the table's key: the write fails after '500' was written.
    const broken: ServiceTypeRecord = { ...streetlight, service_code: '501', attributes: [streetlight.attributes[0]!, streetlight.attributes[0]!] };
    await expect(store.serviceTypes.upsertMany([renamed, broken])).rejects.toThrow();
    expect(await store.serviceTypes.find('500')).toBeUndefined();
    expect(await store.serviceTypes.count()).toBe(3);
  });

  it('counts the requests using each code, whatever their moderation', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    expect(await store.serviceTypes.requestCounts()).toEqual(new Map());
    await store.serviceRequests.createMany([
      newRequest('1'),
      newRequest('2', { moderation: 'pending' }),
      newRequest('3', { moderation: 'rejected' }),
      newRequest('4', { service_code: '900' }),
    ]);
    expect(await store.serviceTypes.requestCounts()).toEqual(new Map([['171', 3], ['900', 1]]));
  });

  it('removes a type no request uses, with its translations and attributes; refuses one in use, naming how many', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.createMany([newRequest('1'), newRequest('2', { moderation: 'rejected' })]);
    expect(await store.serviceTypes.remove('171')).toEqual({ outcome: 'in-use', requests: 2 });
    expect(await store.serviceTypes.find('171')).toEqual(serviceTypes[0]);

    expect(await store.serviceTypes.remove('900')).toEqual({ outcome: 'removed' });
    expect(await store.serviceTypes.find('900')).toBeUndefined();
    expect((await store.serviceTypes.list()).map((type) => type.service_code)).toEqual(['171', '198']);
    expect(await store.serviceTypes.remove('900')).toEqual({ outcome: 'missing' });

    // Stored again, it has only what the new record gives (nothing of the removed one lingers).
    await store.serviceTypes.upsert({ ...streetlight, translations: {}, attributes: [] });
    expect(await store.serviceTypes.find('900')).toEqual({ ...streetlight, translations: {}, attributes: [] });
  });

  it("a removed type leaves every body's service list", async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    const area = { type: 'Polygon' as const, coordinates: [[[24.9, 60.1], [25.0, 60.1], [25.0, 60.2], [24.9, 60.2], [24.9, 60.1]]] };
    const names = { fi: 'Helsinki', sv: 'Helsingfors', en: 'Helsinki' };
    await store.bodies.importAll([
      { id: 'hel', jurisdiction_id: 'hel.fi', names, area, services: ['171', '900', '198'], send: { method: 'console' } },
      { id: 'dept', jurisdiction_id: 'dept.hel.fi', names, area, services: ['900'], send: { method: 'console' } },
    ]);
    expect(await store.serviceTypes.remove('900')).toEqual({ outcome: 'removed' });
    expect((await store.bodies.find('hel'))!.services).toEqual(['171', '198']);
    expect((await store.bodies.find('dept'))!.services).toEqual([]);
  });

  it('a removal by another instance is seen at once', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    expect(await store.serviceTypes.list()).toHaveLength(3);
    const other = await openSecondStore(opened);
    try {
      expect(await other.serviceTypes.remove('198')).toEqual({ outcome: 'removed' });
      expect((await store.serviceTypes.list()).map((type) => type.service_code)).toEqual(['171', '900']);
      expect(await store.serviceTypes.find('198')).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('keeps a target time to close (issue 41, item 6); an upsert without one clears it', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    const potholes = serviceTypes[0]!;
    await store.serviceTypes.upsert({ ...potholes, target_days: 14 });
    expect(await store.serviceTypes.find('171')).toEqual({ ...potholes, target_days: 14 });
    // Past what an integer column's milliseconds would hold: kept as days.
    await store.serviceTypes.upsert({ ...potholes, target_days: 3650 });
    expect((await store.serviceTypes.find('171'))?.target_days).toBe(3650);
    await store.serviceTypes.upsert(potholes);
    expect(await store.serviceTypes.find('171')).toEqual(potholes);
    expect((await store.serviceTypes.find('198'))?.target_days).toBeUndefined();
  });

  it('archiving marks a type (seen by another instance at once), an upsert leaves the mark, and restoring clears it', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    const other = await openSecondStore(opened);
    try {
      expect(await store.serviceTypes.list()).toHaveLength(3);
      expect(await other.serviceTypes.setArchived('198', 1_800_000_000_000)).toBe(true);
      expect((await store.serviceTypes.find('198'))?.archived_at).toBe(1_800_000_000_000);
      expect((await store.serviceTypes.find('171'))?.archived_at).toBeUndefined();
      const archived = (await store.serviceTypes.find('198'))!;
      const { archived_at: _mark, ...unmarked } = archived;
      await store.serviceTypes.upsert(unmarked);
      expect((await store.serviceTypes.find('198'))?.archived_at).toBe(1_800_000_000_000);
      expect(await store.serviceTypes.setArchived('198', null)).toBe(true);
      expect(await other.serviceTypes.find('198')).toEqual(unmarked);
      expect(await store.serviceTypes.setArchived('nope', 1)).toBe(false);
    } finally {
      await other.close();
    }
  });
});
