/** Moderators' lists filtered by a flag (issue 41): each flag read from its own rows, on both engines. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/server/storage';
import type { BodyRecord, PlannedChange, StoredModerationFlag } from '../../../../src/server/storage/repositories/types';
import { baseTime, day, hour, minute, newRequest, outboxMessage, serviceTypes, storeServiceTypes, useFreshStore } from './fixtures';

const area: BodyRecord['area'] = { type: 'Polygon', coordinates: [[[24.8, 60.1], [25.2, 60.1], [25.2, 60.3], [24.8, 60.3], [24.8, 60.1]]] };
const body = (id: string, send: BodyRecord['send']): BodyRecord => ({ id, jurisdiction_id: `${id}.example.fi`, names: { fi: id, sv: id, en: id }, area, services: ['171'], send });
const audit = (at: number): PlannedChange['audit'] => ({ at, moderator: 'system', action: 'status', details: {} });

let step = 0;
/** A published request, each a minute after the last, so the list's order is the order made. */
async function made(store: Store, id: string, overrides: Parameters<typeof newRequest>[1] = {}, forwardTo?: 'works' | 'mailed') {
  step += 1;
  const at = baseTime + step * minute;
  const request = newRequest(id, { body_id: forwardTo ?? 'works', email: 'reporter@example.org', requested_at: at, updated_at: at, ...overrides });
  const receipt = (recipient: { email: string }) => outboxMessage(`receipt-${id}`, { to_address: recipient.email });
  await store.serviceRequests.create(request, receipt, forwardTo ? { forward: { body_id: forwardTo, method: forwardTo === 'works' ? 'open311' : 'email' } } : undefined);
}

async function seed(store: Store) {
  await storeServiceTypes(store);
  await store.bodies.importAll([body('works', { method: 'open311', endpoint: 'https://cases.example.fi/open311/v1', api_key: 'secret-key' }), body('mailed', { method: 'email', to: 'cases@example.fi' })]);
  const now = baseTime + day;
  const forwarded = (id: string, remoteId: string | null) => store.unitOfWork.changeRequest(id, () => ({ set: {}, audit: audit(now), forwarded: { remote_id: remoteId } }));

  await made(store, 'plain');
  await made(store, 'abuse');
  await store.abuseReports.add({ service_request_id: 'abuse', reason: 'a face in the photo', email: null, created_at: now });
  await made(store, 'abuse-resolved');
  await store.abuseReports.add({ service_request_id: 'abuse-resolved', reason: 'rude', email: null, created_at: now });
  await store.abuseReports.resolve('abuse-resolved', 'kept', 'moderator', now + 1);

  // "Not fixed": closed, asked, answered, which opens it again; the second is closed once more since.
  for (const id of ['reopened', 'reopened-closed-again']) {
    await made(store, id);
    await store.unitOfWork.changeRequest(id, () => ({ set: { detailed_status: ['PROCESSED'] }, audit: audit(now) }));
    await store.questionnaires.ask(id, now, now + 1, (recipient, questionnaireId) => outboxMessage(`asked-${questionnaireId}`, { to_address: recipient.email }));
    const questionnaire = (await store.questionnaires.findFor([id])).get(id)!;
    await store.unitOfWork.changeRequest(id, () => ({ set: { detailed_status: ['RECEIVED'] }, audit: audit(now + 2), questionnaireAnswer: { id: questionnaire.id, answer: 'not_fixed' } }));
  }
  await store.unitOfWork.changeRequest('reopened-closed-again', () => ({ set: { detailed_status: ['PROCESSED'] }, audit: audit(now + 3) }));

  await made(store, 'sending', {}, 'works');
  await made(store, 'failed', {}, 'works');
  await made(store, 'failed-pending', { moderation: 'pending' }, 'works');
  for (const id of ['failed', 'failed-pending']) {
    await store.forwards.claim(id, now, now + minute);
    await store.forwards.giveUp(id, now, 'HTTP 503');
  }
  await made(store, 'sent-no-status', {}, 'works');
  await forwarded('sent-no-status', 'W-1');
  await made(store, 'sent-updated', {}, 'works');
  await forwarded('sent-updated', 'W-2');
  await store.unitOfWork.changeRequest('sent-updated', () => ({ set: {}, audit: audit(now + hour), remoteUpdatedAt: now + hour }));
  await made(store, 'emailed', {}, 'mailed');
  await forwarded('emailed', null);
}

/**
 * Deadlines (issue 41, item 6): potholes (171) have a 14-day target, traffic signs (198) a
 * 3000-day one (past what an integer of milliseconds holds), streetlights (900) none. The clock
 * stands 20 days after baseTime.
 */
const overdueNow = baseTime + 20 * day;
async function seedDeadlines(store: Store) {
  await storeServiceTypes(store);
  await store.serviceTypes.upsert({ ...serviceTypes[0]!, target_days: 14 });
  await store.serviceTypes.upsert({ ...serviceTypes[1]!, target_days: 3000 });
  await store.bodies.importAll([body('works', { method: 'console' }), body('parks', { method: 'console' })]);
  const at = (daysAgo: number) => ({ requested_at: overdueNow - daysAgo * day, updated_at: overdueNow - daysAgo * day });
  await store.serviceRequests.createMany([
    newRequest('late', { body_id: 'works', ...at(15) }),
    newRequest('late-parks', { body_id: 'parks', ...at(30) }),
    newRequest('late-no-body', { body_id: null, ...at(15) }),
    newRequest('on-time', { body_id: 'works', ...at(13) }),
    newRequest('exactly-due', { body_id: 'works', requested_at: overdueNow - 14 * day, updated_at: overdueNow }),
    newRequest('late-closed', { body_id: 'works', ...at(15), detailed_status: ['PROCESSED'] }),
    newRequest('late-pending', { body_id: 'works', moderation: 'pending', ...at(15) }),
    newRequest('late-rejected', { body_id: 'works', moderation: 'rejected', ...at(15) }),
    newRequest('long-target', { body_id: 'works', service_code: '198', ...at(2999) }),
    newRequest('past-long-target', { body_id: 'works', service_code: '198', ...at(3001) }),
    newRequest('no-target', { body_id: 'works', service_code: '900', ...at(400) }),
  ]);
}

describe('overdue reports', () => {
  const opened = useFreshStore('all');
  beforeAll(() => seedDeadlines(opened.store));
  const listed = async (query: { moderation?: 'pending' | 'published'; bodyIds?: string[]; now?: number; limit?: number } = {}) =>
    (await opened.store.serviceRequests.listByModeration({ moderation: 'published', order: 'newest', limit: 100, flag: 'overdue', now: overdueNow, ...query })).map(
      (row) => row.service_request_id,
    );

  it('lists the published open requests made longer ago than their type’s target, newest first', async () => {
    // Same age: the id breaks the tie, as in every moderation list.
    expect(await listed()).toEqual(['late-no-body', 'late', 'late-parks', 'past-long-target']);
    expect(await listed({ moderation: 'pending' })).toEqual([]);
    expect(await listed({ bodyIds: ['parks'] })).toEqual(['late-parks']);
    // A day later, the one that was exactly due is overdue too.
    expect(await listed({ now: overdueNow + day })).toEqual(['exactly-due', 'late-no-body', 'late', 'late-parks', 'past-long-target']);
  });

  it('counts them per body, one row each, requests of no body under ""', async () => {
    expect(Object.fromEntries(await opened.store.serviceRequests.countOverdueByBody(overdueNow))).toEqual({ works: 2, parks: 1, '': 1 });
    expect(Object.fromEntries(await opened.store.serviceRequests.countOverdueByBody(baseTime))).toEqual({});
  });
});

describe('moderation lists by flag', () => {
  const opened = useFreshStore('all');
  beforeAll(() => seed(opened.store));
  const ids = (rows: { service_request_id: string }[]) => rows.map((row) => row.service_request_id);
  const flagged = async (flag: StoredModerationFlag, extra: { bodyIds?: string[]; moderation?: 'pending' | 'published' } = {}) =>
    ids(await opened.store.serviceRequests.listByModeration({ moderation: extra.moderation ?? 'published', order: 'oldest', limit: 100, flag, bodyIds: extra.bodyIds }));

  it('each flag lists exactly its requests, in the list’s state', async () => {
    expect(await flagged('abuse')).toEqual(['abuse']);
    expect(await flagged('reopened')).toEqual(['reopened']);
    expect(await flagged('send_failed')).toEqual(['failed']);
    expect(await flagged('send_failed', { moderation: 'pending' })).toEqual(['failed-pending']);
    // Waiting to be sent, or sent with an id and no status back; an email send has no status to wait for.
    expect(await flagged('awaiting_case_system')).toEqual(['sending', 'sent-no-status']);
  });

  it('keeps the list’s body scope and keyset paging', async () => {
    expect(await flagged('awaiting_case_system', { bodyIds: ['mailed'] })).toEqual([]);
    expect(await flagged('awaiting_case_system', { bodyIds: ['works'] })).toEqual(['sending', 'sent-no-status']);
    const first = await opened.store.serviceRequests.listByModeration({ moderation: 'published', order: 'newest', limit: 1, flag: 'awaiting_case_system' });
    expect(ids(first)).toEqual(['sent-no-status']);
    const after = { requested_at: first[0]!.requested_at, service_request_id: first[0]!.service_request_id };
    expect(ids(await opened.store.serviceRequests.listByModeration({ moderation: 'published', order: 'newest', limit: 1, flag: 'awaiting_case_system', after }))).toEqual(['sending']);
  });
});
