import { describe, expect, it } from 'vitest';
import type { Store } from '../../../../src/server/storage';
import type { NewOutboxMessage } from '../../../../src/server/storage/repositories/types';
import { openTestSql } from '../../../helpers/test-store';
import { baseTime, minute, newRequest, openSecondStore, outboxMessage, storeServiceTypes, useFreshStore } from './fixtures';

/** Messages enter the outbox only with a change to a request (the unit of work). */
async function queue(store: Store, message: NewOutboxMessage): Promise<number> {
  if (!(await store.serviceRequests.find('req-1'))) {
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('req-1'));
  }
  const before = new Set(await store.outbox.listDue(Number.MAX_SAFE_INTEGER, 1000));
  await store.unitOfWork.changeRequest('req-1', () => ({
    set: {},
    audit: { at: message.created_at, moderator: 'aino', action: 'status', details: {} },
    notification: message,
  }));
  const added = (await store.outbox.listDue(Number.MAX_SAFE_INTEGER, 1000)).filter((id) => !before.has(id));
  expect(added).toHaveLength(1);
  return added[0]!;
}

const lease = 5 * minute;

describe('outbox', () => {
  const opened = useFreshStore();

  it('is empty at first', async () => {
    expect(await opened.store.outbox.listDue(baseTime, 10)).toEqual([]);
    expect(await opened.store.outbox.claim(1, baseTime, baseTime + lease)).toBeUndefined();
  });

  it('lists messages due by now, oldest first, up to the limit', async () => {
    const { outbox } = opened.store;
    const late = await queue(opened.store, outboxMessage('late', { created_at: baseTime + 2 }));
    const early = await queue(opened.store, outboxMessage('early', { created_at: baseTime }));
    const middle = await queue(opened.store, outboxMessage('middle', { created_at: baseTime + 1 }));
    const tie = await queue(opened.store, outboxMessage('tie', { created_at: baseTime + 1 }));
    expect(await outbox.listDue(baseTime - 1, 10)).toEqual([]);
    expect(await outbox.listDue(baseTime, 10)).toEqual([early]);
    expect(await outbox.listDue(baseTime + 1, 10)).toEqual([early, middle, tie]);
    expect(await outbox.listDue(baseTime + 2, 10)).toEqual([early, middle, tie, late]);
    expect(await outbox.listDue(baseTime + 2, 2)).toEqual([early, middle]);
    expect(await outbox.listDue(baseTime + 2, 0)).toEqual([]);
  });

  it('claim leases a due message, counts the attempt and answers it whole', async () => {
    const { outbox } = opened.store;
    const message = outboxMessage('m1', { service_request_id: 'req-1', locale: 'sv', subject: 'Din respons är behandlad', body_text: 'Tack!\nRad två.' });
    const id = await queue(opened.store, message);
    expect(await outbox.claim(id, baseTime, baseTime + lease)).toEqual({ id, ...message, attempts: 1 });
    // Leased: neither listed nor claimable until the lease ends.
    expect(await outbox.listDue(baseTime + 1, 10)).toEqual([]);
    expect(await outbox.claim(id, baseTime + 1, baseTime + lease + 1)).toBeUndefined();
    expect(await outbox.listDue(baseTime + lease - 1, 10)).toEqual([]);
    // A sender that died leaves the lease to expire; then the message is tried again.
    expect(await outbox.listDue(baseTime + lease, 10)).toEqual([id]);
    expect(await outbox.claim(id, baseTime + lease, baseTime + 2 * lease)).toEqual({ id, ...message, attempts: 2 });
  });

  it('claim refuses a message not yet due and an unknown id', async () => {
    const { outbox } = opened.store;
    const id = await queue(opened.store, outboxMessage('future', { created_at: baseTime + minute }));
    expect(await outbox.claim(id, baseTime, baseTime + lease)).toBeUndefined();
    expect(await outbox.claim(id + 1000, baseTime + minute, baseTime + lease)).toBeUndefined();
    expect(await outbox.claim(id, baseTime + minute, baseTime + lease)).toMatchObject({ id, attempts: 1 });
  });

  it('markSent: never due again, and the address and text are forgotten', async () => {
    const { outbox } = opened.store;
    const message = outboxMessage('sent-1', { to_address: 'private@example.org', body_text: 'Henkilökohtainen viesti' });
    const id = await queue(opened.store, message);
    const other = await queue(opened.store, outboxMessage('other'));
    await outbox.claim(id, baseTime, baseTime + lease);
    await outbox.markSent(id, baseTime + 1);
    expect(await outbox.listDue(baseTime + 100 * lease, 10)).toEqual([other]);
    expect(await outbox.claim(id, baseTime + 100 * lease, baseTime + 101 * lease)).toBeUndefined();

    // What is stored, looked at under the repository: nothing personal left, the subject and Message-ID kept.
    const sql = openTestSql(opened.env);
    try {
      const rows = await sql.all<Record<string, unknown>>('SELECT * FROM outbox WHERE id = ?', id);
      expect(rows).toHaveLength(1);
      const text = JSON.stringify(rows[0]);
      expect(text).not.toContain('private@example.org');
      expect(text).not.toContain('Henkilökohtainen');
      expect(rows[0]).toMatchObject({ subject: message.subject, message_id: message.message_id });
      const untouched = await sql.get<Record<string, unknown>>('SELECT * FROM outbox WHERE id = ?', other);
      expect(untouched).toMatchObject({ to_address: 'reporter@example.org' });
    } finally {
      await sql.close();
    }
  });

  it('retryLater: due again from retryAt, counting attempts on', async () => {
    const { outbox } = opened.store;
    const id = await queue(opened.store, outboxMessage('retry', { created_at: baseTime }));
    const newer = await queue(opened.store, outboxMessage('newer', { created_at: baseTime + 1 }));
    await outbox.claim(id, baseTime, baseTime + lease);
    await outbox.retryLater(id, baseTime + 10 * minute, 'ECONNREFUSED 127.0.0.1:25');
    expect(await outbox.listDue(baseTime + 10 * minute - 1, 10)).toEqual([newer]);
    expect(await outbox.claim(id, baseTime + 10 * minute - 1, baseTime + 20 * minute)).toBeUndefined();
    // Due again, ordered by when it is due, after the newer message that has waited since.
    expect(await outbox.listDue(baseTime + 10 * minute, 10)).toEqual([newer, id]);
    expect(await outbox.claim(id, baseTime + 10 * minute, baseTime + 15 * minute)).toMatchObject({ id, attempts: 2 });
  });

  it('giveUp: never due again', async () => {
    const { outbox } = opened.store;
    const id = await queue(opened.store, outboxMessage('hopeless'));
    await outbox.claim(id, baseTime, baseTime + lease);
    await outbox.giveUp(id, baseTime + 1, '550 mailbox unavailable');
    expect(await outbox.listDue(baseTime + 1000 * lease, 10)).toEqual([]);
    expect(await outbox.claim(id, baseTime + 1000 * lease, baseTime + 1001 * lease)).toBeUndefined();
  });

  it('summary counts pending and given-up messages and dates the oldest pending one; sent ones leave it', async () => {
    const { outbox } = opened.store;
    expect(await outbox.summary()).toEqual({ pending: 0, failed: 0, oldestPendingAt: null });
    const sent = await queue(opened.store, outboxMessage('sent', { created_at: baseTime }));
    const hopeless = await queue(opened.store, outboxMessage('hopeless', { created_at: baseTime + 1 }));
    await queue(opened.store, outboxMessage('waiting', { created_at: baseTime + 2 }));
    await queue(opened.store, outboxMessage('later', { created_at: baseTime + 3 }));
    await outbox.claim(sent, baseTime, baseTime + lease);
    await outbox.markSent(sent, baseTime + 1);
    await outbox.claim(hopeless, baseTime + 1, baseTime + lease);
    await outbox.giveUp(hopeless, baseTime + 2, '550 mailbox unavailable');
    expect(await outbox.summary()).toEqual({ pending: 2, failed: 1, oldestPendingAt: baseTime + 2 });
  });

  it('listUnsent shows pending and failed messages, oldest first, without address or text', async () => {
    const { outbox } = opened.store;
    const hopeless = await queue(opened.store, outboxMessage('hopeless', { created_at: baseTime, service_request_id: 'req-1' }));
    const waiting = await queue(opened.store, outboxMessage('waiting', { created_at: baseTime + 1, service_request_id: null }));
    await outbox.claim(hopeless, baseTime, baseTime + lease);
    await outbox.giveUp(hopeless, baseTime + 5, '550 mailbox unavailable');
    expect(await outbox.listUnsent(10)).toEqual([
      { id: hopeless, service_request_id: 'req-1', created_at: baseTime, attempts: 1, next_attempt_at: baseTime, failed_at: baseTime + 5, last_error: '550 mailbox unavailable' },
      { id: waiting, service_request_id: null, created_at: baseTime + 1, attempts: 0, next_attempt_at: baseTime + 1, failed_at: null, last_error: null },
    ]);
    expect(await outbox.listUnsent(1)).toHaveLength(1);
  });

  it('retryFailed puts given-up messages back, due now with fresh attempts; one by id or all', async () => {
    const { outbox } = opened.store;
    const first = await queue(opened.store, outboxMessage('first', { created_at: baseTime }));
    const second = await queue(opened.store, outboxMessage('second', { created_at: baseTime }));
    const pending = await queue(opened.store, outboxMessage('pending', { created_at: baseTime + minute }));
    for (const id of [first, second]) {
      await outbox.claim(id, baseTime, baseTime + lease);
      await outbox.giveUp(id, baseTime, 'gave up');
    }
    expect(await outbox.retryFailed(baseTime + 2 * minute, pending)).toBe(0);
    expect(await outbox.retryFailed(baseTime + 2 * minute, first)).toBe(1);
    expect(await outbox.listDue(baseTime + 2 * minute, 10)).toEqual([pending, first]);
    expect(await outbox.claim(first, baseTime + 2 * minute, baseTime + 3 * minute)).toMatchObject({ id: first, attempts: 1 });
    expect(await outbox.retryFailed(baseTime + 2 * minute)).toBe(1);
    expect(await outbox.summary()).toMatchObject({ failed: 0, pending: 3 });
  });

  it('purgeFailed deletes given-up messages only; one by id or all', async () => {
    const { outbox } = opened.store;
    const first = await queue(opened.store, outboxMessage('first'));
    const second = await queue(opened.store, outboxMessage('second'));
    const pending = await queue(opened.store, outboxMessage('pending'));
    for (const id of [first, second]) {
      await outbox.claim(id, baseTime, baseTime + lease);
      await outbox.giveUp(id, baseTime, 'gave up');
    }
    expect(await outbox.purgeFailed(pending)).toBe(0);
    expect(await outbox.purgeFailed(first)).toBe(1);
    expect((await outbox.listUnsent(10)).map((entry) => entry.id)).toEqual([second, pending]);
    expect(await outbox.purgeFailed()).toBe(1);
    expect((await outbox.listUnsent(10)).map((entry) => entry.id)).toEqual([pending]);
  });

  it('of many senders claiming one message at once, across instances, exactly one gets it', async () => {
    const id = await queue(opened.store, outboxMessage('contended'));
    const other = await openSecondStore(opened);
    try {
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? opened.store : other).outbox.claim(id, baseTime, baseTime + lease)),
      );
      const winners = claims.filter((claim) => claim !== undefined);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ id, attempts: 1 });
    } finally {
      await other.close();
    }
  });
});
