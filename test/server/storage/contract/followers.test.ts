/** Subscriptions (reporter and followers), their fan-out in the unit of work, and the public history. */
import { describe, expect, it } from 'vitest';
import type { Recipient, RecipientMessage, Store } from '../../../../src/server/storage/repositories/types';
import { openTestSql } from '../../../helpers/test-store';
import { baseTime, minute, newRequest, outboxMessage, storeServiceTypes, useFreshStore } from './fixtures';

let messages = 0;
/** A message that says whom it is for, so the outbox shows who was written to. */
const tagged =
  (label: string): RecipientMessage =>
  (recipient: Recipient) =>
    outboxMessage(`${label}-${recipient.subscription_id}-${(messages += 1)}`, {
      to_address: recipient.email,
      locale: recipient.locale,
      subject: `${label} ${recipient.role}`,
      unsubscribe_url: `https://kerro.test/mail/unsubscribe?token=${recipient.subscription_id}`,
    });

async function outboxOf(opened: { env: Record<string, string> }) {
  const sql = openTestSql(opened.env);
  try {
    return await sql.all<{ to_address: string; subject: string; unsubscribe_url: string }>(
      'SELECT to_address, subject, unsubscribe_url FROM outbox ORDER BY id',
    );
  } finally {
    await sql.close();
  }
}

async function published(store: Store, id: string, email: string | null = 'reporter@example.org') {
  await storeServiceTypes(store);
  await store.serviceRequests.create(newRequest(id, { email, moderation: 'published', locale: 'sv' }), tagged('receipt'));
}

const follow = (store: Store, id: string, email: string, at = baseTime) =>
  store.followers.requestFollow({ service_request_id: id, email, locale: 'fi', now: at }, tagged('confirm'));

const change = (store: Store, id: string, label: string, history = [] as { kind: 'status' | 'note' | 'published'; note: string }[]) =>
  store.unitOfWork.changeRequest(id, () => ({
    set: {},
    audit: { at: baseTime, moderator: 'aino', action: 'status', details: {} },
    history: history.map((event) => ({ ...event, at: baseTime + minute, detailed_status: ['IN_PROCESS'] })),
    notify: tagged(label),
  }));

describe('followers', () => {
  const opened = useFreshStore();

  it('a request with an email subscribes its reporter and queues the receipt with it; without one, neither', async () => {
    await published(opened.store, 'req-1');
    await published(opened.store, 'req-2', null);
    expect(await outboxOf(opened)).toEqual([
      { to_address: 'reporter@example.org', subject: 'receipt reporter', unsubscribe_url: expect.stringMatching(/token=\d+$/) },
    ]);
    expect(await opened.store.followers.countFollowers('req-1')).toBe(0);
  });

  it('double opt-in: a pending follower gets the confirmation only, confirmed ones the updates, each address once', async () => {
    const { store } = opened;
    await published(store, 'req-1');
    expect(await follow(store, 'req-1', 'Pekka@Example.org')).toBe('confirmation_queued');
    expect(await follow(store, 'req-1', 'REPORTER@example.org')).toBe('confirmation_queued');
    await change(store, 'req-1', 'before');
    const confirmations = (await outboxOf(opened)).filter((row) => row.subject === 'confirm follower');
    expect(confirmations.map((row) => row.to_address)).toEqual(['pekka@example.org', 'reporter@example.org']);
    expect((await outboxOf(opened)).filter((row) => row.subject.startsWith('before')).map((row) => row.to_address)).toEqual(['reporter@example.org']);

    const pekka = Number(/token=(\d+)/.exec(confirmations[0]!.unsubscribe_url)![1]);
    const reporterAsFollower = Number(/token=(\d+)/.exec(confirmations[1]!.unsubscribe_url)![1]);
    expect(await store.followers.confirm(pekka, baseTime + 1)).toEqual({
      id: pekka, service_request_id: 'req-1', role: 'follower', locale: 'fi', confirmed: true, unsubscribed: false,
    });
    await store.followers.confirm(reporterAsFollower, baseTime + 1);
    expect(await store.followers.countFollowers('req-1')).toBe(2);
    expect(await follow(store, 'req-1', 'pekka@example.org')).toBe('already_following');

    expect(await change(store, 'req-1', 'after')).toEqual({ notificationQueued: true, removedMediaFile: undefined });
    expect((await outboxOf(opened)).filter((row) => row.subject.startsWith('after'))).toEqual([
      expect.objectContaining({ to_address: 'reporter@example.org', subject: 'after reporter' }),
      expect.objectContaining({ to_address: 'pekka@example.org', subject: 'after follower' }),
    ]);
  });

  it('unsubscribing stops the messages; following again starts over with a new confirmation', async () => {
    const { store } = opened;
    await published(store, 'req-1');
    await follow(store, 'req-1', 'pekka@example.org');
    const [, confirmation] = await outboxOf(opened);
    const id = Number(/token=(\d+)/.exec(confirmation!.unsubscribe_url)![1]);
    await store.followers.confirm(id, baseTime);
    const reporter = Number(/token=(\d+)/.exec((await outboxOf(opened))[0]!.unsubscribe_url)![1]);
    expect((await store.followers.unsubscribe(reporter, baseTime))?.unsubscribed).toBe(true);
    expect((await store.followers.unsubscribe(id, baseTime))?.unsubscribed).toBe(true);
    // An old confirmation link cannot undo an unsubscribe.
    expect(await store.followers.confirm(id, baseTime)).toMatchObject({ confirmed: true, unsubscribed: true });
    expect(await store.followers.countFollowers('req-1')).toBe(0);
    expect(await change(store, 'req-1', 'nobody')).toEqual({ notificationQueued: false, removedMediaFile: undefined });

    expect(await follow(store, 'req-1', 'pekka@example.org', baseTime + minute)).toBe('confirmation_queued');
    expect(await store.followers.find(id)).toMatchObject({ confirmed: false, unsubscribed: false });
  });

  it('only published requests can be followed; unknown subscriptions are undefined', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('pending', { moderation: 'pending' }));
    expect(await follow(store, 'pending', 'a@example.org')).toBe('no_such_request');
    expect(await follow(store, 'missing', 'a@example.org')).toBe('no_such_request');
    expect(await store.followers.find(999)).toBeUndefined();
    expect(await store.followers.confirm(999, baseTime)).toBeUndefined();
    expect(await outboxOf(opened)).toEqual([]);
  });
});

describe('request history', () => {
  const opened = useFreshStore();

  it('keeps every change in order, per request; earlier notes are never overwritten', async () => {
    const { store } = opened;
    await published(store, 'req-1', null);
    await published(store, 'req-2', null);
    await change(store, 'req-1', 'a', [{ kind: 'status', note: 'First reply.' }]);
    await change(store, 'req-2', 'b', [{ kind: 'published', note: '' }]);
    await change(store, 'req-1', 'c', [{ kind: 'note', note: 'Second reply.' }]);
    const history = await store.requestHistory.listFor(['req-1', 'req-2', 'req-3']);
    expect([...history.keys()].sort()).toEqual(['req-1', 'req-2']);
    expect(history.get('req-1')).toEqual([
      { at: baseTime + minute, kind: 'status', detailed_status: ['IN_PROCESS'], note: 'First reply.' },
      { at: baseTime + minute, kind: 'note', detailed_status: ['IN_PROCESS'], note: 'Second reply.' },
    ]);
    expect(await store.requestHistory.listFor([])).toEqual(new Map());
  });
});
