/** Issue 28's storage: each request's "was it fixed?" questionnaire from its close to its one answer, and reports of abuse. */
import { describe, expect, it } from 'vitest';
import { QuestionnaireAnsweredError } from '../../../../src/server/storage/errors';
import type { QuestionnaireMessage, Store } from '../../../../src/server/storage/repositories/types';
import { openTestSql } from '../../../helpers/test-store';
import { baseTime, day, hour, newRequest, openSecondStore, outboxMessage, storeServiceTypes, useFreshStore } from './fixtures';

let messages = 0;
const asked: QuestionnaireMessage = (recipient, questionnaireId) =>
  outboxMessage(`q-${questionnaireId}-${(messages += 1)}`, { to_address: recipient.email, locale: recipient.locale, subject: `asked ${questionnaireId}` });

async function outboxOf(opened: { env: Record<string, string> }) {
  const sql = openTestSql(opened.env);
  try {
    return await sql.all<{ to_address: string; subject: string }>("SELECT to_address, subject FROM outbox WHERE subject LIKE 'asked%' ORDER BY id");
  } finally {
    await sql.close();
  }
}

const audit = (at: number) => ({ at, moderator: 'moderator', action: 'status' as const, details: {} });
const setStatus = (store: Store, id: string, status: string[], at: number) =>
  store.unitOfWork.changeRequest(id, () => ({ set: { detailed_status: status }, audit: audit(at) }));

async function reported(store: Store, id: string, overrides: Parameters<typeof newRequest>[1] = {}) {
  await store.serviceRequests.create(
    newRequest(id, { email: 'reporter@example.org', locale: 'sv', ...overrides }),
    (recipient) => outboxMessage(`receipt-${id}`, { to_address: recipient.email }),
  );
}

const closedAt = baseTime + day;
const delay = 28 * day;

describe('questionnaires', () => {
  const opened = useFreshStore();

  it('a close starts the wait; only published, closed (not REJECTED) requests with a reporter are due, after the delay', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await reported(store, 'r-closed');
    await reported(store, 'r-no-email', { email: null });
    await reported(store, 'r-rejected-status');
    await reported(store, 'r-open');
    await reported(store, 'r-pending', { moderation: 'pending' });
    for (const id of ['r-closed', 'r-no-email', 'r-pending']) await setStatus(store, id, ['PROCESSED'], closedAt);
    await setStatus(store, 'r-rejected-status', ['REJECTED'], closedAt);
    await setStatus(store, 'r-open', ['IN_PROCESS'], closedAt);

    expect(await store.questionnaires.listDue(closedAt - 1, 10)).toEqual([]);
    expect(await store.questionnaires.listDue(closedAt, 10)).toEqual(['r-closed']);
    const row = (await store.questionnaires.findFor(['r-closed', 'r-open'])).get('r-closed');
    expect(row).toEqual({ id: expect.any(Number), service_request_id: 'r-closed', closed_at: closedAt, asked_at: null, answer: null, answered_at: null });
    expect(await store.questionnaires.find(row!.id)).toEqual(row);
  });

  it('ask queues one email in the transaction that marks it asked: never twice, not after a reopen, and a second store agrees', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await reported(store, 'r1');
    await reported(store, 'r2');
    await setStatus(store, 'r1', ['PROCESSED'], closedAt);
    await setStatus(store, 'r2', ['ARCHIVED'], closedAt);
    // Reopened by a moderator before anyone asked: not due any more.
    await setStatus(store, 'r2', ['IN_PROCESS'], closedAt + hour);
    const second = await openSecondStore(opened);
    try {
      const now = closedAt + delay;
      const answers = await Promise.all([store.questionnaires.ask('r1', closedAt, now, asked), second.questionnaires.ask('r1', closedAt, now, asked)]);
      expect(answers.filter(Boolean)).toEqual([true]);
      expect(await store.questionnaires.ask('r1', closedAt, now + 1, asked)).toBe(false);
      expect(await store.questionnaires.ask('r2', closedAt + hour, now, asked)).toBe(false);
    } finally {
      await second.close();
    }
    const id = (await store.questionnaires.findFor(['r1'])).get('r1')!.id;
    expect(await outboxOf(opened)).toEqual([{ to_address: 'reporter@example.org', subject: `asked ${id}` }]);
    expect(await store.questionnaires.listDue(closedAt + delay, 10)).toEqual([]);
    // A later close after the question moves nothing: one questionnaire per request.
    await setStatus(store, 'r1', ['IN_PROCESS'], closedAt + 2 * delay);
    await setStatus(store, 'r1', ['PROCESSED'], closedAt + 3 * delay);
    expect((await store.questionnaires.find(id))!.closed_at).toBe(closedAt);
  });

  it('a second close before the question counts from the newest close', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await reported(store, 'r1');
    await setStatus(store, 'r1', ['PROCESSED'], closedAt);
    await setStatus(store, 'r1', ['IN_PROCESS'], closedAt + day);
    await setStatus(store, 'r1', ['PROCESSED'], closedAt + 2 * day);
    expect(await store.questionnaires.listDue(closedAt + day, 10)).toEqual([]);
    expect(await store.questionnaires.listDue(closedAt + 2 * day, 10)).toEqual(['r1']);
  });

  it('the answer is recorded with its change once; a second answer rolls its change back', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await reported(store, 'r1');
    await setStatus(store, 'r1', ['PROCESSED'], closedAt);
    const id = (await store.questionnaires.findFor(['r1'])).get('r1')!.id;
    const answer = (at: number) =>
      store.unitOfWork.changeRequest('r1', () => ({ set: { detailed_status: ['RECEIVED'] }, audit: audit(at), questionnaireAnswer: { id, answer: 'not_fixed' } }));
    // Not asked yet: no answer taken.
    await expect(answer(closedAt + 1)).rejects.toBeInstanceOf(QuestionnaireAnsweredError);
    expect(await store.questionnaires.ask('r1', closedAt, closedAt + delay, asked)).toBe(true);
    await answer(closedAt + delay + 1);
    expect(await store.questionnaires.find(id)).toMatchObject({ answer: 'not_fixed', answered_at: closedAt + delay + 1 });
    await setStatus(store, 'r1', ['PROCESSED'], closedAt + delay + 2);
    await expect(answer(closedAt + delay + 3)).rejects.toBeInstanceOf(QuestionnaireAnsweredError);
    expect((await store.serviceRequests.find('r1'))!.detailed_status).toEqual(['PROCESSED']);
  });
});

describe('abuse reports', () => {
  const opened = useFreshStore();

  it('are taken for published requests only, listed open per request and flagged per body, and resolved together', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await reported(store, 'r1', { body_id: null });
    await reported(store, 'r2');
    await reported(store, 'r-pending', { moderation: 'pending' });
    const report = (id: string, at: number, email: string | null = null) => store.abuseReports.add({ service_request_id: id, reason: `reason ${at}`, email, created_at: at });
    expect(await report('r-pending', baseTime)).toBeUndefined();
    expect(await report('no-such', baseTime)).toBeUndefined();
    const first = await report('r2', baseTime + 1, 'someone@example.org');
    expect(first).toEqual({ id: expect.any(Number), service_request_id: 'r2', reason: `reason ${baseTime + 1}`, email: 'someone@example.org', created_at: baseTime + 1, resolved_at: null, resolved_by: null, resolution: null });
    await report('r1', baseTime + 2);
    await report('r2', baseTime + 3);
    expect(await store.abuseReports.listFlagged({ limit: 10 })).toEqual(['r2', 'r1']);
    expect(await store.abuseReports.listFlagged({ limit: 1 })).toEqual(['r2']);
    expect(await store.abuseReports.listFlagged({ limit: 10, bodyIds: [] })).toEqual([]);
    const open = await store.abuseReports.listOpen(['r1', 'r2', 'r-pending']);
    expect(open.get('r2')!.map((entry) => entry.created_at)).toEqual([baseTime + 1, baseTime + 3]);
    expect(open.has('r-pending')).toBe(false);

    expect(await store.abuseReports.resolve('r2', 'kept', 'moderator', baseTime + 4)).toBe(2);
    expect(await store.abuseReports.resolve('r2', 'kept', 'moderator', baseTime + 5)).toBe(0);
    expect(await store.abuseReports.listFlagged({ limit: 10 })).toEqual(['r1']);
    expect((await store.abuseReports.listOpen(['r2'])).size).toBe(0);
  });
});
