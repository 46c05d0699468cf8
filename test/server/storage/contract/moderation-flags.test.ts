/** Moderators' lists filtered by a flag (issue 41): each flag read from its own rows, on both engines. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/server/storage';
import type { BodyRecord, PlannedChange, StoredModerationFlag } from '../../../../src/server/storage/repositories/types';
import { baseTime, day, hour, minute, newRequest, outboxMessage, storeServiceTypes, useFreshStore } from './fixtures';

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
