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

describe('a duplicate merged into its original', () => {
  const opened = useFreshStore();

  /** Confirms a follow from its confirmation's token (the subscription id). */
  async function followConfirmed(store: Store, id: string, email: string) {
    await follow(store, id, email);
    const confirmation = (await outboxOf(opened)).filter((row) => row.to_address === email.toLowerCase()).at(-1)!;
    await store.followers.confirm(Number(/token=(\d+)/.exec(confirmation.unsubscribe_url)![1]), baseTime);
  }

  const merge = (store: Store, plan: (related: unknown) => void = () => undefined) =>
    store.unitOfWork.changeRequest(
      'dup',
      (_current, related) => {
        plan(related);
        return {
          set: { moderation: 'rejected', detailed_status: ['REJECTED'], duplicate_of: 'orig' },
          audit: { at: baseTime + minute, moderator: 'aino', action: 'duplicate', details: { original: 'orig' } },
          mergeInto: { message: tagged('merged'), audit: { at: baseTime + minute, moderator: 'aino', action: 'merge_duplicate', details: { duplicate: 'dup' } } },
        };
      },
      'orig',
    );

  it("moves the duplicate's reporter and confirmed followers to the original, each address told once, in one transaction", async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('orig', { email: 'first@example.org' }), tagged('receipt'));
    await store.serviceRequests.create(newRequest('dup', { email: 'second@example.org', locale: 'sv' }), tagged('receipt'));
    await followConfirmed(store, 'dup', 'pekka@example.org');
    // Follows both already, and made the original: told once, keeps their own subscription.
    await followConfirmed(store, 'dup', 'FIRST@example.org');
    // Asked to follow the duplicate but never confirmed: not moved.
    await follow(store, 'dup', 'unconfirmed@example.org');
    const before = (await outboxOf(opened)).length;

    let seen: unknown;
    expect(await merge(store, (related) => (seen = related))).toEqual({ notificationQueued: true, removedMediaFile: undefined });
    expect(seen).toMatchObject({ service_request_id: 'orig', moderation: 'published', duplicate_of: null });

    const told = (await outboxOf(opened)).slice(before);
    expect(told.map((row) => [row.to_address, row.subject])).toEqual([
      ['second@example.org', 'merged follower'],
      ['pekka@example.org', 'merged follower'],
      ['first@example.org', 'merged reporter'],
    ]);
    // Each link ends the address's subscription to the original.
    const subscriptions = await Promise.all(told.map((row) => store.followers.find(Number(/token=(\d+)/.exec(row.unsubscribe_url)![1]))));
    expect(subscriptions.map((subscription) => [subscription?.service_request_id, subscription?.role, subscription?.confirmed, subscription?.locale])).toEqual([
      ['orig', 'follower', true, 'sv'],
      ['orig', 'follower', true, 'fi'],
      ['orig', 'reporter', true, 'fi'],
    ]);
    expect(await store.followers.countFollowers('orig')).toBe(2);
    expect(await store.followers.countFollowers('dup')).toBe(0);
    expect(await store.serviceRequests.find('dup')).toMatchObject({ duplicate_of: 'orig', moderation: 'rejected', status: 'closed' });
    expect((await store.moderation.listAudit({ limit: 10 })).map((entry) => [entry.service_request_id, entry.action, entry.details])).toEqual([
      ['dup', 'duplicate', { original: 'orig', subscribers_moved: 3 }],
      ['orig', 'merge_duplicate', { duplicate: 'dup', subscribers_moved: 3 }],
    ]);

    // The original's next update reaches the moved addresses, and the duplicate's nobody.
    await change(store, 'orig', 'later');
    expect((await outboxOf(opened)).filter((row) => row.subject.startsWith('later')).map((row) => row.to_address)).toEqual([
      'first@example.org',
      'second@example.org',
      'pekka@example.org',
    ]);
    expect(await change(store, 'dup', 'stale')).toEqual({ notificationQueued: false, removedMediaFile: undefined });
  });

  it('an ended follow of the original starts again; the plan sees a missing original as undefined', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await store.serviceRequests.create(newRequest('orig'));
    await store.serviceRequests.create(newRequest('dup', { email: 'second@example.org' }), tagged('receipt'));
    await followConfirmed(store, 'orig', 'second@example.org');
    const [subscription] = (await outboxOf(opened)).filter((row) => row.subject === 'confirm follower');
    await store.followers.unsubscribe(Number(/token=(\d+)/.exec(subscription!.unsubscribe_url)![1]), baseTime);
    expect(await store.followers.countFollowers('orig')).toBe(0);
    await merge(store);
    expect(await store.followers.countFollowers('orig')).toBe(1);

    let seen: unknown = 'not asked';
    await store.unitOfWork.changeRequest('orig', (_current, related) => void (seen = related), 'no-such');
    expect(seen).toBeUndefined();
  });
});
