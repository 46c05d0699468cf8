import { describe, expect, it, vi } from 'vitest';
import type { AuditAction } from '../../../../src/shared/moderation/audit-actions';
import type { ModerationSnapshot, PlannedChange, ServiceRequestRecord } from '../../../../src/server/storage/repositories/types';
import { baseTime, helsinki, hour, mediaRow, newRequest, openSecondStore, outboxMessage, pointAt, storeServiceTypes, useFreshStore } from './fixtures';

const audit = (action: AuditAction, details: Record<string, unknown> = {}): PlannedChange['audit'] => ({
  at: baseTime + hour,
  moderator: 'aino',
  action,
  details,
});

/** The request as a moderator's plan would see it. */
function snapshotOf(record: ServiceRequestRecord): ModerationSnapshot {
  const { service_request_id, service_code, title, description, moderation, status, detailed_status, status_notes, email, locale, external_media_url, requested_at, updated_at, lat, long, duplicate_of, body_id, reject_reason, reject_where } = record;
  return {
    service_request_id, service_code, title, description, moderation, status, detailed_status, status_notes, email, locale, external_media_url, requested_at, updated_at, lat, long, duplicate_of, body_id, reject_reason, reject_where,
    media: record.media.map(({ position, file_name, content_type, byte_size }) => ({ position, file_name, content_type, byte_size })),
  };
}

const pendingRequest = () =>
  newRequest('req-1', {
    moderation: 'pending',
    email: 'reporter@example.org',
    external_media_url: 'https://example.org/photo.jpg',
    media: [mediaRow(2), mediaRow(0), mediaRow(1)],
    requested_at: baseTime,
    updated_at: baseTime,
  });

describe('unit of work: changeRequest', () => {
  const opened = useFreshStore();

  async function seed() {
    await storeServiceTypes(opened.store);
    await opened.store.serviceRequests.create(pendingRequest());
    return (await opened.store.serviceRequests.find('req-1'))!;
  }

  it('answers undefined for an unknown request without asking the plan', async () => {
    await seed();
    const plan = vi.fn(() => ({ set: { title: 'x' }, audit: audit('edit') }));
    expect(await opened.store.unitOfWork.changeRequest('no-such', plan)).toBeUndefined();
    expect(plan).not.toHaveBeenCalled();
    expect(await opened.store.moderation.listAudit({ limit: 10 })).toEqual([]);
  });

  it('shows the plan the current state, media in position order', async () => {
    const stored = await seed();
    let seen: ModerationSnapshot | undefined;
    await opened.store.unitOfWork.changeRequest('req-1', (current) => {
      seen = structuredClone(current);
      return undefined;
    });
    expect(seen).toEqual(snapshotOf(stored));
    expect(seen!.media.map((media) => media.position)).toEqual([0, 1, 2]);

    // A later plan sees what an earlier change wrote.
    await opened.store.unitOfWork.changeRequest('req-1', () => ({ set: { moderation: 'published', title: 'Uusi otsikko' }, removeMediaPosition: 0, audit: audit('publish') }));
    await opened.store.unitOfWork.changeRequest('req-1', (current) => {
      seen = structuredClone(current);
      return undefined;
    });
    expect(seen).toMatchObject({ moderation: 'published', title: 'Uusi otsikko' });
    expect(seen!.media.map((media) => media.position)).toEqual([1, 2]);
  });

  it('keeps a rejection\'s reason and where to report instead, which the next plan and every read see (issue 41, item 3)', async () => {
    const stored = await seed();
    expect(stored).toMatchObject({ reject_reason: null, reject_where: null });
    await opened.store.unitOfWork.changeRequest('req-1', () => ({
      set: { moderation: 'rejected', detailed_status: ['REJECTED'], reject_reason: 'not_responsible', reject_where: 'HSY, hsy.fi' },
      audit: audit('reject'),
    }));
    let seen: ModerationSnapshot | undefined;
    await opened.store.unitOfWork.changeRequest('req-1', (current) => {
      seen = structuredClone(current);
      return undefined;
    });
    expect(seen).toMatchObject({ reject_reason: 'not_responsible', reject_where: 'HSY, hsy.fi' });
    expect(await opened.store.serviceRequests.find('req-1')).toMatchObject({ moderation: 'rejected', reject_reason: 'not_responsible', reject_where: 'HSY, hsy.fi' });
    const [listed] = await opened.store.serviceRequests.query({ ids: ['req-1'], moderation: ['rejected'], limit: 10 });
    expect(listed).toMatchObject({ reject_reason: 'not_responsible', reject_where: 'HSY, hsy.fi' });
  });

  it('a plan that decides nothing writes nothing', async () => {
    const stored = await seed();
    const token = await opened.store.serviceRequests.changeToken();
    expect(await opened.store.unitOfWork.changeRequest('req-1', () => undefined)).toEqual({ notificationQueued: false });
    expect(await opened.store.serviceRequests.find('req-1')).toEqual(stored);
    expect(await opened.store.moderation.listAudit({ limit: 10 })).toEqual([]);
    expect(await opened.store.serviceRequests.changeToken()).toBe(token);
  });

  it('writes the request, the photo row’s removal, the audit row and the outbox message together', async () => {
    const stored = await seed();
    const closedAt = baseTime + 2 * hour;
    const applied = await opened.store.unitOfWork.changeRequest('req-1', () => ({
      set: {
        title: 'Kuoppa korjattu',
        description: 'Muokattu kuvaus',
        moderation: 'published',
        detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'],
        status_notes: 'Paikattu asfaltilla.',
        external_media_url: null,
        updated_at: closedAt,
      },
      removeMediaPosition: 1,
      audit: audit('status', { detailed_status: 'PROCESSED,PUBLIC_WORKS_COMPLETED', removedPhoto: 1 }),
      notification: outboxMessage('close-1', { service_request_id: 'req-1', created_at: closedAt }),
    }));
    expect(applied).toEqual({ removedMediaFile: mediaRow(1).file_name, notificationQueued: true });

    expect(await opened.store.serviceRequests.find('req-1').then(stripMedia)).toEqual({
      ...stripMedia(stored),
      title: 'Kuoppa korjattu',
      description: 'Muokattu kuvaus',
      moderation: 'published',
      status: 'closed',
      detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'],
      status_notes: 'Paikattu asfaltilla.',
      external_media_url: null,
      updated_at: closedAt,
      media: [mediaRow(0), mediaRow(2)],
    });
    expect(await opened.store.moderation.listAudit({ limit: 10 })).toEqual([
      { id: expect.any(Number), service_request_id: 'req-1', ...audit('status', { detailed_status: 'PROCESSED,PUBLIC_WORKS_COMPLETED', removedPhoto: 1 }) },
    ]);
    const due = await opened.store.outbox.listDue(closedAt, 10);
    expect(due).toHaveLength(1);
    expect(await opened.store.outbox.claim(due[0]!, closedAt, closedAt + 60_000)).toEqual({
      id: due[0],
      ...outboxMessage('close-1', { service_request_id: 'req-1', created_at: closedAt }),
      attempts: 1,
    });
  });

  it('changes only what the plan sets; status follows the detailed status both ways', async () => {
    const stored = await seed();
    await opened.store.unitOfWork.changeRequest('req-1', () => ({ set: { detailed_status: ['REJECTED'] }, audit: audit('reject') }));
    expect(await opened.store.serviceRequests.find('req-1').then(stripMedia)).toEqual({ ...stripMedia(stored), detailed_status: ['REJECTED'], status: 'closed' });
    await opened.store.unitOfWork.changeRequest('req-1', () => ({ set: { detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_NEW'] }, audit: audit('reopen_by_reporter') }));
    expect(await opened.store.serviceRequests.find('req-1')).toMatchObject({ detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_NEW'], status: 'open' });
    // Other fields leave the status alone.
    await opened.store.unitOfWork.changeRequest('req-1', () => ({ set: { status_notes: 'Työn alla', title: null }, audit: audit('edit') }));
    expect(await opened.store.serviceRequests.find('req-1')).toMatchObject({ status: 'open', status_notes: 'Työn alla', title: null });
    // An empty set with no photo: only the audit row.
    expect(await opened.store.unitOfWork.changeRequest('req-1', () => ({ set: {}, audit: audit('forward_retry') }))).toEqual({ notificationQueued: false });
    expect((await opened.store.moderation.listAudit({ limit: 10 })).map((entry) => entry.action)).toEqual(['forward_retry', 'edit', 'reopen_by_reporter', 'reject']);
  });

  it('removing a photo position that does not exist removes nothing and names no file', async () => {
    await seed();
    const applied = await opened.store.unitOfWork.changeRequest('req-1', () => ({ set: { moderation: 'published' }, removeMediaPosition: 7, audit: audit('publish') }));
    expect(applied?.removedMediaFile).toBeUndefined();
    expect(applied?.notificationQueued).toBe(false);
    expect(await opened.store.serviceRequests.find('req-1')).toMatchObject({ moderation: 'published' });
    expect((await opened.store.serviceRequests.find('req-1'))!.media.map((media) => media.position)).toEqual([0, 1, 2]);
  });

  it('a throwing plan writes nothing and its error reaches the caller', async () => {
    const stored = await seed();
    const refusal = new Error('Request is already closed');
    await expect(
      opened.store.unitOfWork.changeRequest('req-1', () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await opened.store.serviceRequests.find('req-1')).toEqual(stored);
    expect(await opened.store.moderation.listAudit({ limit: 10 })).toEqual([]);
    expect(await opened.store.outbox.listDue(baseTime + 10 * hour, 10)).toEqual([]);
    // And the store is usable after.
    expect(await opened.store.unitOfWork.changeRequest('req-1', () => ({ set: { moderation: 'published' }, audit: audit('publish') }))).toEqual({ notificationQueued: false });
  });

  it('a write that fails after the plan leaves everything as it was', async () => {
    const stored = await seed();
    await opened.store.unitOfWork.changeRequest('req-1', () => ({ set: {}, audit: audit('publish'), notification: outboxMessage('same-id') }));
    // The second message reuses a Message-ID: the whole change must roll back.
    await expect(
      opened.store.unitOfWork.changeRequest('req-1', () => ({
        set: { moderation: 'rejected', detailed_status: ['REJECTED'] },
        removeMediaPosition: 0,
        audit: audit('reject'),
        notification: outboxMessage('same-id'),
      })),
    ).rejects.toThrow();
    expect(await opened.store.serviceRequests.find('req-1')).toEqual(stored);
    expect((await opened.store.moderation.listAudit({ limit: 10 })).map((entry) => entry.action)).toEqual(['publish']);
    expect(await opened.store.outbox.listDue(baseTime + 10 * hour, 10)).toHaveLength(1);
  });

  it('changes to one request from many callers and instances apply one after another, each plan seeing the last', async () => {
    await seed();
    const other = await openSecondStore(opened);
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          (index % 2 === 0 ? opened.store : other).unitOfWork.changeRequest('req-1', (current) => ({
            set: { status_notes: `${current.status_notes}${current.status_notes ? ',' : ''}${index}` },
            audit: audit('status', { index }),
          })),
        ),
      );
      expect(results).toEqual(results.map(() => ({ notificationQueued: false })));
      const notes = (await opened.store.serviceRequests.find('req-1'))!.status_notes.split(',');
      expect(notes.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index));
      expect(await opened.store.moderation.listAudit({ limit: 100 })).toHaveLength(12);
    } finally {
      await other.close();
    }
  });
});

/** Photos compared by StoredMedia's fields (see service-requests.test.ts on SQLite's find()). */
function stripMedia(record: ServiceRequestRecord | undefined): ServiceRequestRecord | undefined {
  if (!record) return record;
  return { ...record, media: record.media.map(({ position, file_name, content_type, byte_size }) => ({ position, file_name, content_type, byte_size })) };
}

describe('unit of work: a moved point', () => {
  const opened = useFreshStore();

  it('is where radius searches find the request, on the engine’s own index', async () => {
    await storeServiceTypes(opened.store);
    await opened.store.serviceRequests.create(newRequest('req-1'));
    const moved = pointAt(helsinki, 2_000, 90);
    const near = (point: { lat: number; long: number }) =>
      opened.store.serviceRequests.query({ near: { ...point, radiusMeters: 30 }, moderation: ['published'], limit: 10 }).then((found) => found.map((request) => request.service_request_id));
    expect(await near(helsinki)).toEqual(['req-1']);

    await opened.store.unitOfWork.changeRequest('req-1', () => ({ set: { lat: moved.lat, long: moved.long }, audit: audit('move') }));
    expect(await opened.store.serviceRequests.find('req-1')).toMatchObject({ lat: moved.lat, long: moved.long });
    expect(await near(helsinki)).toEqual([]);
    expect(await near(moved)).toEqual(['req-1']);
  });
});
