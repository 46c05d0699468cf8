import { describe, expect, it } from 'vitest';
import {
  clearDraftFields,
  DRAFT_FIELDS_KEY,
  draftIdempotencyKey,
  draftSubmissionIds,
  loadDraftFields,
  markDraftSending,
  newIdempotencyKey,
  saveDraftFields,
} from '../../../src/client/features/report/draft/draft-fields-store';
import { createDraftPhotoStore, draftPhotoStore } from '../../../src/client/features/report/draft/draft-photo-store';
import { memoryShelf } from '../../../src/client/lib/device-storage';
import { emptyReportValues } from '../../../src/client/features/report/validation/report-form-values';

describe('draft fields in localStorage', () => {
  it('saves and loads the fields with the time of saving', () => {
    saveDraftFields({ ...emptyReportValues, description: 'Hole', lat: '60.1', long: '24.9' }, new Date('2025-03-04T10:00:00Z'));
    expect(loadDraftFields()).toEqual({
      values: { ...emptyReportValues, description: 'Hole', lat: '60.1', long: '24.9' },
      savedAt: '2025-03-04T10:00:00.000Z',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      lookupToken: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      sending: false,
    });
    clearDraftFields();
  });

  it('keeps one idempotency key per draft across saves and reloads; a new draft gets a new one', () => {
    saveDraftFields({ ...emptyReportValues, description: 'First draft' });
    const key = draftIdempotencyKey();
    saveDraftFields({ ...emptyReportValues, description: 'First draft, edited' });
    expect(loadDraftFields()?.idempotencyKey).toBe(key);
    expect(JSON.parse(localStorage.getItem(DRAFT_FIELDS_KEY)!).idempotencyKey).toBe(key);
    markDraftSending(true);
    saveDraftFields({ ...emptyReportValues, description: 'First draft, edited again' });
    expect(loadDraftFields()).toMatchObject({ idempotencyKey: key, sending: true });
    markDraftSending(false);
    expect(loadDraftFields()?.sending).toBe(false);
    // Sent (or discarded): the next draft is another report.
    clearDraftFields();
    saveDraftFields({ ...emptyReportValues, description: 'Second draft' });
    expect(draftIdempotencyKey()).not.toBe(key);
    clearDraftFields();
  });

  it('gives a draft saved before keys existed a key, and keeps it from then on', () => {
    localStorage.setItem(DRAFT_FIELDS_KEY, JSON.stringify({ values: { description: 'An old draft' }, savedAt: '2025-03-04T10:00:00.000Z' }));
    const key = draftIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(draftIdempotencyKey()).toBe(key);
    expect(loadDraftFields()?.idempotencyKey).toBe(key);
    clearDraftFields();
  });

  it('keeps a lookup token with the key: made with a new draft, none for a draft kept from before the tokens', () => {
    saveDraftFields({ ...emptyReportValues, description: 'A new draft' });
    const ids = draftSubmissionIds();
    expect(ids.lookupToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids.lookupToken).not.toBe(ids.idempotencyKey);
    saveDraftFields({ ...emptyReportValues, description: 'A new draft, edited' });
    expect(draftSubmissionIds()).toEqual(ids);
    clearDraftFields();

    // Its key may have gone out without a token: a try with one would be another report to the proxy.
    localStorage.setItem(DRAFT_FIELDS_KEY, JSON.stringify({ values: { description: 'Before tokens' }, savedAt: '2025-03-04T10:00:00.000Z', idempotencyKey: 'old-key', sending: true }));
    expect(draftSubmissionIds()).toEqual({ idempotencyKey: 'old-key' });
    saveDraftFields({ ...emptyReportValues, description: 'Before tokens, edited' });
    expect(JSON.parse(localStorage.getItem(DRAFT_FIELDS_KEY)!)).not.toHaveProperty('lookupToken');
    clearDraftFields();
  });

    it('makes version 4 UUIDs where crypto.randomUUID is missing (an insecure origin)', () => {
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('keeps nothing for an empty form, and forgets on clear', () => {
    saveDraftFields({ ...emptyReportValues, title: 'x' });
    saveDraftFields(emptyReportValues);
    expect(localStorage.getItem(DRAFT_FIELDS_KEY)).toBeNull();
    saveDraftFields({ ...emptyReportValues, title: 'x' });
    clearDraftFields();
    expect(loadDraftFields()).toBeUndefined();
  });

  it('ignores unknown keys, non-strings and broken JSON', () => {
    localStorage.setItem(DRAFT_FIELDS_KEY, JSON.stringify({ values: { description: 'ok text', lat: 60, evil: '<script>', phone: null } }));
    expect(loadDraftFields()?.values).toEqual({ ...emptyReportValues, description: 'ok text' });
    localStorage.setItem(DRAFT_FIELDS_KEY, '{not json');
    expect(loadDraftFields()).toBeUndefined();
  });
});

describe('draft photos', () => {
  it('lists photos in the order they were added, and removes and clears them', async () => {
    const store = createDraftPhotoStore(memoryShelf());
    await store.put({ id: 'b', blob: new Blob(['2']), name: 'second.jpg', addedAt: 2 });
    await store.put({ id: 'a', blob: new Blob(['1']), name: 'first.jpg', addedAt: 1 });
    expect((await store.list()).map((photo) => photo.name)).toEqual(['first.jpg', 'second.jpg']);
    await store.remove('a');
    expect((await store.list()).map((photo) => photo.id)).toEqual(['b']);
    await store.clear();
    expect(await store.list()).toEqual([]);
  });

  it('falls back to memory where there is no IndexedDB (IndexedDB itself is covered in Chromium)', async () => {
    expect(typeof indexedDB).toBe('undefined');
    const store = draftPhotoStore();
    expect(draftPhotoStore()).toBe(store); // one store per page, so a re-render sees the same photos
    await store.put({ id: 'x', blob: new Blob(['x']), name: 'x.jpg', addedAt: 1 });
    expect((await draftPhotoStore().list()).map((photo) => photo.id)).toEqual(['x']);
    await store.clear();
  });
});
