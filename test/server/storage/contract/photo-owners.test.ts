/** Whose photo a file is, and whether the public may see it: the media route asks this for every photo it serves. */
import { describe, expect, it } from 'vitest';
import type { NewResidentUpdate, Store } from '../../../../src/server/storage/repositories/types';
import { baseTime, mediaRow, minute, newRequest, storeServiceTypes, useFreshStore } from './fixtures';

const requestPhoto = (n: number) => mediaRow(n, `${n.toString(16).padStart(32, 'b')}.jpg`).file_name;
const updatePhoto = `${'c'.repeat(32)}.png`;

const update = (id: string, requestId: string, mediaFile: string): NewResidentUpdate => ({
  id,
  service_request_id: requestId,
  body_id: 'espoo',
  text: 'Still there',
  media_file: mediaFile,
  name: null,
  show_name: false,
  email: null,
  locale: 'fi',
  state: null,
  created_at: baseTime,
});

const decideUpdate = (store: Store, requestId: string, id: string, moderation: 'published' | 'rejected') =>
  store.unitOfWork.changeRequest(requestId, () => ({
    set: {},
    audit: { at: baseTime + minute, moderator: 'aino', action: moderation === 'published' ? 'publish_update' : 'reject_update', details: {} },
    history: moderation === 'published' ? [{ at: baseTime + minute, kind: 'resident_update', detailed_status: ['RECEIVED'], note: '', resident_update_id: id }] : [],
    residentUpdate: { id, moderation, at: baseTime + minute, by: 'aino' },
  }));

const setModeration = (store: Store, requestId: string, moderation: 'published' | 'rejected') =>
  store.unitOfWork.changeRequest(requestId, () => ({
    set: { moderation },
    audit: { at: baseTime + minute, moderator: 'aino', action: moderation === 'published' ? 'publish' : 'reject', details: {} },
    history: [],
  }));

describe('photo owners', () => {
  const opened = useFreshStore();

  it("names a request's photo with its request and body, public until the request is rejected (a pending one is read by its id)", async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('shown', { body_id: 'espoo', media: [{ ...mediaRow(0), file_name: requestPhoto(1) }] }));
    await store.serviceRequests.create(newRequest('waiting', { moderation: 'pending', body_id: 'vantaa', media: [{ ...mediaRow(0), file_name: requestPhoto(2) }] }));
    expect(await store.photoOwners.ownerOf(requestPhoto(1))).toEqual({ serviceRequestId: 'shown', bodyId: 'espoo', isPublic: true });
    expect(await store.photoOwners.ownerOf(requestPhoto(2))).toEqual({ serviceRequestId: 'waiting', bodyId: 'vantaa', isPublic: true });
    await setModeration(store, 'shown', 'rejected');
    expect(await store.photoOwners.ownerOf(requestPhoto(1))).toMatchObject({ isPublic: false });
    expect(await store.photoOwners.ownerOf(`${'d'.repeat(32)}.jpg`)).toBeUndefined();
  });

  it("names an update's photo with its request: public once the update is published, until the request is rejected", async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('req', { body_id: 'espoo' }));
    await store.residentUpdates.create(update('u1', 'req', updatePhoto));
    expect(await store.photoOwners.ownerOf(updatePhoto)).toEqual({ serviceRequestId: 'req', bodyId: 'espoo', isPublic: false });
    await decideUpdate(store, 'req', 'u1', 'published');
    expect(await store.photoOwners.ownerOf(updatePhoto)).toMatchObject({ isPublic: true });
    await setModeration(store, 'req', 'rejected');
    expect(await store.photoOwners.ownerOf(updatePhoto)).toMatchObject({ isPublic: false });
  });

  it('says which of many names a request or an update holds, whatever their moderation (the start-up sweep keeps those)', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('req', { moderation: 'rejected', body_id: 'espoo', media: [{ ...mediaRow(0), file_name: requestPhoto(1) }] }));
    await store.residentUpdates.create(update('u1', 'req', updatePhoto));
    await store.residentUpdates.create({ ...update('u2', 'req', updatePhoto), media_file: null });
    const unnamed = `${'e'.repeat(32)}.webp`;
    expect(await store.photoOwners.namedAmong([requestPhoto(1), unnamed, updatePhoto, requestPhoto(2)])).toEqual(new Set([requestPhoto(1), updatePhoto]));
    expect(await store.photoOwners.namedAmong([])).toEqual(new Set());
  });

  it("keeps a rejected update's photo from the public", async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('req', { body_id: 'espoo' }));
    await store.residentUpdates.create(update('u1', 'req', updatePhoto));
    await decideUpdate(store, 'req', 'u1', 'rejected');
    expect(await store.photoOwners.ownerOf(updatePhoto)).toMatchObject({ serviceRequestId: 'req', isPublic: false });
  });
});
