/**
 * What tells a public listing it may be stale: the public change token moves on every write to a
 * request published before or after it, and on no other; a request's revision moves on every
 * change a listing shows of it (its row, media, public history). Runs on both backends.
 */
import { describe, expect, it } from 'vitest';
import type { AuditAction } from '../../../../src/shared/moderation/audit-actions';
import type { PlannedChange, ServiceRequestQuery } from '../../../../src/server/storage/repositories/types';
import { baseTime, hour, mediaRow, newRequest, openSecondStore, storeServiceTypes, useFreshStore } from './fixtures';

const audit = (action: AuditAction): PlannedChange['audit'] => ({ at: baseTime + hour, moderator: 'aino', action, details: {} });
const published: ServiceRequestQuery = { moderation: ['published'], limit: 200, requestedFrom: baseTime - 10 * hour };

describe('public change token and request revisions', () => {
  const opened = useFreshStore();
  const token = () => opened.store.serviceRequests.publicChangeToken();
  const revisionOf = async (id: string) => {
    const entries = await opened.store.serviceRequests.listingEntries({ ids: [id], moderation: ['published', 'pending', 'rejected'], limit: 1 });
    return entries[0]?.[2];
  };
  const change = (id: string, plan: Omit<PlannedChange, 'audit'>) =>
    opened.store.unitOfWork.changeRequest(id, () => ({ ...plan, audit: audit('status') }));

  const seed = async () => {
    await storeServiceTypes(opened.store);
    await opened.store.serviceRequests.createMany([
      newRequest('pub-1', { requested_at: baseTime - hour, media: [mediaRow(0)] }),
      newRequest('pub-2', { requested_at: baseTime - 2 * hour, service_code: '198' }),
      newRequest('pending-1', { moderation: 'pending', requested_at: baseTime - 3 * hour }),
    ]);
  };

  it('a new unpublished report moves no public token; a published one does', async () => {
    await seed();
    const before = await token();
    await opened.store.serviceRequests.create(newRequest('pending-2', { moderation: 'pending' }));
    expect(await token()).toBe(before);
    await opened.store.serviceRequests.create(newRequest('pub-3'));
    expect(await token()).not.toBe(before);
  });

  it('changes to a request never published move no public token, but its revision', async () => {
    await seed();
    const before = await token();
    const revision = await revisionOf('pending-1');
    await change('pending-1', { set: { title: 'Uusi otsikko', updated_at: baseTime + hour } });
    await change('pending-1', { set: {}, history: [{ at: baseTime + hour, kind: 'note', detailed_status: ['RECEIVED'], note: 'sisäinen' }] });
    expect(await token()).toBe(before);
    expect(await revisionOf('pending-1')).toBeGreaterThan(revision!);
  });

  it('publishing, a status change, a note, removing a photo and hiding each move the token and the revision', async () => {
    await seed();
    const steps: [string, string, Omit<PlannedChange, 'audit'>][] = [
      ['publish', 'pending-1', { set: { moderation: 'published', updated_at: baseTime + hour } }],
      ['status', 'pub-2', { set: { detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], updated_at: baseTime + hour } }],
      ['note', 'pub-2', { set: {}, history: [{ at: baseTime + hour, kind: 'note', detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], note: 'Korjattu' }] }],
      ['photo', 'pub-1', { set: {}, removeMediaPosition: 0 }],
      ['hide', 'pub-1', { set: { moderation: 'rejected', updated_at: baseTime + hour } }],
    ];
    for (const [name, id, plan] of steps) {
      const before = { token: await token(), revision: await revisionOf(id) };
      await change(id, plan);
      expect({ name, moved: (await token()) !== before.token }).toEqual({ name, moved: true });
      expect({ name, newer: (await revisionOf(id))! > before.revision! }).toEqual({ name, newer: true });
    }
  });

  it('a change to a rejected request moves no public token once it is rejected', async () => {
    await seed();
    await change('pub-1', { set: { moderation: 'rejected', updated_at: baseTime + hour } });
    const before = await token();
    await change('pub-1', { set: { title: 'Piilotettu', updated_at: baseTime + 2 * hour } });
    expect(await token()).toBe(before);
  });

  it('the revision of one request does not move with another’s change', async () => {
    await seed();
    const other = await revisionOf('pub-1');
    await change('pub-2', { set: { detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], updated_at: baseTime + hour } });
    expect(await revisionOf('pub-1')).toBe(other);
  });

  it('listing entries are the requests of the same query, in its order', async () => {
    await seed();
    const records = await opened.store.serviceRequests.query(published);
    const entries = await opened.store.serviceRequests.listingEntries(published);
    expect(entries.map(([id]) => id)).toEqual(records.map((record) => record.service_request_id));
    expect(entries.map(([, serviceCode]) => serviceCode)).toEqual(['171', '198']);
    const near = { ...published, near: { lat: 60.1699, long: 24.9384, radiusMeters: 500 } };
    const nearEntries = await opened.store.serviceRequests.listingEntries(near);
    // The same shape both ways, [id, service code, revision], whichever way the store reads them.
    expect(nearEntries.map(([id, serviceCode]) => [id, serviceCode])).toEqual([['pub-1', '171'], ['pub-2', '198']]);
    expect(nearEntries.map(([, , revision]) => typeof revision)).toEqual(['number', 'number']);
    expect(entries.map(([, , revision]) => typeof revision)).toEqual(['number', 'number']);
    expect(await opened.store.serviceRequests.listingEntries({ ...published, statuses: [] })).toEqual([]);
  });

  it('a token asked for after a write sees it, however many reads are under way', async () => {
    await seed();
    const before = await token();
    const busy = Array.from({ length: 20 }, () => token());
    await change('pub-2', { set: { detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], updated_at: baseTime + hour } });
    const after = await Promise.all([token(), token()]);
    await Promise.all(busy);
    expect(after.every((value) => value !== before)).toBe(true);
  });

  it('another instance’s write moves this instance’s token', async () => {
    await seed();
    const second = await openSecondStore(opened);
    try {
      const before = await token();
      await second.unitOfWork.changeRequest('pub-2', () => ({ set: { detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], updated_at: baseTime + hour }, audit: audit('status') }));
      expect(await token()).not.toBe(before);
    } finally {
      await second.close();
    }
  });
});
