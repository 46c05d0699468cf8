/** Residents' updates: stored pending, listed by body, decided once inside a request's change, shown in the history only when published. */
import { describe, expect, it } from 'vitest';
import { ResidentUpdateNotPending } from '../../../../src/server/storage/errors';
import type { NewResidentUpdate, Store } from '../../../../src/server/storage/repositories/types';
import { baseTime, minute, newRequest, outboxMessage, storeServiceTypes, useFreshStore } from './fixtures';

const update = (id: string, requestId: string, overrides: Partial<NewResidentUpdate> = {}): NewResidentUpdate => ({
  id,
  service_request_id: requestId,
  body_id: null,
  text: `update ${id}`,
  media_file: null,
  name: 'Liisa',
  show_name: false,
  email: 'poster@example.org',
  locale: 'fi',
  state: null,
  created_at: baseTime,
  ...overrides,
});

async function requests(store: Store) {
  await storeServiceTypes(store);
  await store.serviceRequests.create(newRequest('req-e', { moderation: 'published', body_id: 'espoo' }));
  await store.serviceRequests.create(newRequest('req-v', { moderation: 'published', body_id: 'vantaa' }));
}

/** Publishes or rejects through the unit of work, with a history entry when published. */
const decide = (store: Store, requestId: string, id: string, moderation: 'published' | 'rejected') =>
  store.unitOfWork.changeRequest(requestId, () => ({
    set: {},
    audit: { at: baseTime + minute, moderator: 'aino', action: moderation === 'published' ? 'publish_update' : 'reject_update', details: {} },
    history: moderation === 'published' ? [{ at: baseTime + minute, kind: 'resident_update', detailed_status: ['RECEIVED'], note: '', resident_update_id: id }] : [],
    residentUpdate: { id, moderation, at: baseTime + minute, by: 'aino' },
  }));

describe('resident updates', () => {
  const opened = useFreshStore();

  it('stores an update pending with its receipt, and lists pending ones oldest first, scoped by the request\'s body', async () => {
    const { store } = opened;
    await requests(store);
    await store.residentUpdates.create(update('u2', 'req-e', { created_at: baseTime + minute, show_name: true }), outboxMessage('receipt-u2'));
    await store.residentUpdates.create(update('u1', 'req-v'));
    expect(await store.residentUpdates.find('u2')).toMatchObject({ moderation: 'pending', show_name: true, moderated_at: null, email: 'poster@example.org' });
    expect((await store.residentUpdates.listPending({ limit: 10 })).map((row) => row.id)).toEqual(['u1', 'u2']);
    expect((await store.residentUpdates.listPending({ limit: 10, bodyIds: ['espoo'] })).map((row) => row.id)).toEqual(['u2']);
    expect(await store.residentUpdates.listPending({ limit: 10, bodyIds: [] })).toEqual([]);
  });

  it('a decision commits once with the change; a second one fails and rolls its change back', async () => {
    const { store } = opened;
    await requests(store);
    await store.residentUpdates.create(update('u1', 'req-e', { name: 'Hidden', media_file: 'abc.jpg' }));
    await store.residentUpdates.create(update('u2', 'req-e', { name: 'Shown', show_name: true, state: 'fixed' }));
    await store.residentUpdates.create(update('u3', 'req-e'));
    await decide(store, 'req-e', 'u1', 'published');
    await decide(store, 'req-e', 'u2', 'published');
    await decide(store, 'req-e', 'u3', 'rejected');
    await expect(decide(store, 'req-e', 'u1', 'rejected')).rejects.toBeInstanceOf(ResidentUpdateNotPending);
    expect(await store.residentUpdates.find('u1')).toMatchObject({ moderation: 'published', moderated_by: 'aino', moderated_at: baseTime + minute });
    expect(await store.residentUpdates.listPending({ limit: 10 })).toEqual([]);

    const history = (await store.requestHistory.listFor(['req-e'])).get('req-e') ?? [];
    expect(history.map((event) => event.resident_update)).toEqual([
      { id: 'u1', text: 'update u1', media_file: 'abc.jpg', shown_name: null, state: null },
      { id: 'u2', text: 'update u2', media_file: null, shown_name: 'Shown', state: 'fixed' },
    ]);
  });

  it('keeps a posting system\'s own id: one update per caller and id; a repeat writes nothing (not even its receipt) and answers the first id', async () => {
    const { store } = opened;
    await requests(store);
    const client = { scope: 'key-digest-a', update_id: 'fms-1' };
    expect(await store.residentUpdates.create(update('u1', 'req-e', { client }))).toBe('u1');
    expect(await store.residentUpdates.create(update('u2', 'req-e', { client, text: 'the repeat' }), outboxMessage('receipt-u2'))).toBe('u1');
    expect(await store.residentUpdates.find('u2')).toBeUndefined();
    expect(await store.outbox.listUnsent(10)).toEqual([]);
    // Another caller's same id, and updates without one, are updates of their own.
    expect(await store.residentUpdates.create(update('u3', 'req-e', { client: { scope: 'key-digest-b', update_id: 'fms-1' } }))).toBe('u3');
    expect(await store.residentUpdates.create(update('u4', 'req-e'))).toBe('u4');
    expect(await store.residentUpdates.create(update('u5', 'req-e'))).toBe('u5');
    expect(await store.residentUpdates.findByClient(client)).toMatchObject({ id: 'u1', client, text: 'update u1' });
    expect(await store.residentUpdates.findByClient({ scope: 'key-digest-a', update_id: 'fms-2' })).toBeUndefined();
    expect((await store.residentUpdates.find('u4'))?.client).toBeNull();
  });

  it('lists the public changes of readable requests in a window, oldest first, an update only once published', async () => {
    const { store } = opened;
    await requests(store);
    await store.serviceRequests.create(newRequest('req-pending', { moderation: 'pending', body_id: 'espoo' }));
    await store.residentUpdates.create(update('u1', 'req-e', { media_file: 'u1.jpg' }));
    await store.residentUpdates.create(update('u2', 'req-e'));
    await decide(store, 'req-e', 'u1', 'published');
    const note = (at: number, text: string) => () => ({
      set: {},
      audit: { at, moderator: 'aino', action: 'status' as const, details: {} },
      history: [{ at, kind: 'note' as const, detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], note: text }],
    });
    await store.unitOfWork.changeRequest('req-v', note(baseTime + 2 * minute, 'Vantaa note'));
    await store.unitOfWork.changeRequest('req-pending', note(baseTime + 2 * minute, 'Pending note'));
    // u2 named by a history row while still pending: never listed.
    await store.unitOfWork.changeRequest('req-e', () => ({
      set: {},
      audit: { at: baseTime + 3 * minute, moderator: 'aino', action: 'status', details: {} },
      history: [{ at: baseTime + 3 * minute, kind: 'resident_update', detailed_status: ['RECEIVED'], note: '', resident_update_id: 'u2' }],
    }));
    const all = { from: baseTime, to: baseTime + 10 * minute, kinds: ['note', 'resident_update'] as const, limit: 10 };
    const changes = await store.requestHistory.listPublicChanges(all);
    expect(changes.map(({ history_id, ...change }) => ({ ...change, history_id: typeof history_id }))).toEqual([
      {
        history_id: 'number', service_request_id: 'req-e', at: baseTime + minute, kind: 'resident_update', detailed_status: ['RECEIVED'], note: '',
        duplicate_of: null, resident_update: { id: 'u1', text: 'update u1', media_file: 'u1.jpg' },
      },
      {
        history_id: 'number', service_request_id: 'req-v', at: baseTime + 2 * minute, kind: 'note', detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'],
        note: 'Vantaa note', duplicate_of: null, resident_update: null,
      },
    ]);
    expect((await store.requestHistory.listPublicChanges({ ...all, bodyId: 'vantaa' })).map((change) => change.note)).toEqual(['Vantaa note']);
    expect((await store.requestHistory.listPublicChanges({ ...all, from: baseTime + 2 * minute, to: baseTime + 2 * minute })).map((change) => change.note)).toEqual(['Vantaa note']);
    expect(await store.requestHistory.listPublicChanges({ ...all, kinds: ['status'] })).toEqual([]);
    expect(await store.requestHistory.listPublicChanges({ ...all, limit: 1 })).toHaveLength(1);
  });
});
