/** Residents' sign-in links and sessions, and what an address sees of its own requests. */
import { describe, expect, it } from 'vitest';
import type { RecipientMessage, Store } from '../../../../src/server/storage/repositories/types';
import { openTestSql } from '../../../helpers/test-store';
import { baseTime, day, minute, newRequest, openSecondStore, outboxMessage, storeServiceTypes, useFreshStore } from './fixtures';

const link = (hash: string, email = 'aino@example.org', at = baseTime) => ({ token_hash: hash, email, created_at: at, expires_at: at + 15 * minute });
let sent = 0;
const message = (): RecipientMessage => (recipient) => outboxMessage(`m-${(sent += 1)}`, { to_address: recipient.email });

async function report(store: Store, id: string, email: string | null, overrides: Parameters<typeof newRequest>[1] = {}) {
  await store.serviceRequests.create(newRequest(id, { email, ...overrides }), message());
}

async function followConfirmed(store: Store, id: string, email: string) {
  await store.followers.requestFollow({ service_request_id: id, email, locale: 'fi', now: baseTime }, message());
}

describe('residents', () => {
  const opened = useFreshStore();

  it('a sign-in link is stored with its email, and used once, atomically, before it expires', async () => {
    const { store } = opened;
    await store.residents.startSignIn(link('a'.repeat(64)), outboxMessage('link-1', { to_address: 'aino@example.org' }));
    await store.residents.startSignIn(link('b'.repeat(64)), outboxMessage('link-2'));
    expect((await store.outbox.summary()).pending).toBe(2);
    // Two instances at once: exactly one of them gets the address.
    const second = await openSecondStore(opened);
    try {
      const results = await Promise.all([store.residents.consumeSignIn('a'.repeat(64), baseTime + minute), second.residents.consumeSignIn('a'.repeat(64), baseTime + minute)]);
      expect(results.sort()).toEqual(['aino@example.org', undefined]);
    } finally {
      await second.close();
    }
    expect(await store.residents.consumeSignIn('a'.repeat(64), baseTime + 2 * minute)).toBeUndefined();
    expect(await store.residents.consumeSignIn('b'.repeat(64), baseTime + 15 * minute)).toBeUndefined();
    expect(await store.residents.consumeSignIn('c'.repeat(64), baseTime)).toBeUndefined();
  });

  it('forgets links a day after they ended, and sessions once they end', async () => {
    const { store } = opened;
    await store.residents.startSignIn(link('a'.repeat(64)), outboxMessage('link-1'));
    await store.residents.startSignIn(link('b'.repeat(64), 'x@example.org', baseTime + day + 15 * minute), outboxMessage('link-2'));
    await store.residents.createSession({ id: 's1', email: 'aino@example.org', created_at: baseTime, expires_at: baseTime + day });
    expect(await store.residents.findSession('s1', baseTime + day - 1)).toEqual({ id: 's1', email: 'aino@example.org', created_at: baseTime, expires_at: baseTime + day });
    expect(await store.residents.findSession('s1', baseTime + day)).toBeUndefined();
    await store.residents.createSession({ id: 's2', email: 'aino@example.org', created_at: baseTime + day, expires_at: baseTime + 2 * day });
    await store.residents.deleteSession('s2');
    expect(await store.residents.findSession('s2', baseTime + day)).toBeUndefined();
    const sql = openTestSql(opened.env);
    try {
      expect(await sql.all('SELECT token_hash FROM resident_sign_ins')).toEqual([{ token_hash: 'b'.repeat(64) }]);
      expect(await sql.all('SELECT id FROM resident_sessions')).toEqual([]);
    } finally {
      await sql.close();
    }
  });

  it("an address's reports in every moderation state, any case, newest first; never another's", async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await report(store, 'req-1', 'Aino@Example.org', { moderation: 'published', first_name: 'Aino', requested_at: baseTime });
    await report(store, 'req-2', 'aino@example.org', { moderation: 'rejected', requested_at: baseTime + minute });
    await report(store, 'req-3', 'AINO@EXAMPLE.ORG', { moderation: 'pending', requested_at: baseTime + 2 * minute });
    await report(store, 'req-4', 'pekka@example.org', { moderation: 'published' });
    await report(store, 'req-5', null);
    const reports = await store.residents.reportsOf('aino@example.org');
    expect(reports.map((r) => [r.service_request_id, r.moderation, r.updates])).toEqual([
      ['req-3', 'pending', true],
      ['req-2', 'rejected', true],
      ['req-1', 'published', true],
    ]);
    expect(reports[2]).toMatchObject({ service_code: '171', first_name: 'Aino', status: 'open', detailed_status: ['RECEIVED'] });

    await store.residents.setReportUpdates('AINO@example.org', false, baseTime);
    expect((await store.residents.reportsOf('aino@example.org')).map((r) => r.updates)).toEqual([false, false, false]);
    expect((await store.residents.reportsOf('pekka@example.org')).map((r) => r.updates)).toEqual([true]);
    await store.residents.setReportUpdates('aino@example.org', true, baseTime);
    expect((await store.residents.reportsOf('aino@example.org')).map((r) => r.updates)).toEqual([true, true, true]);
  });

  it("a merged duplicate names its original, and turning updates on leaves its ended subscription ended", async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    await report(store, 'req-1', 'aino@example.org', { moderation: 'published', requested_at: baseTime });
    await report(store, 'req-2', 'aino@example.org', { moderation: 'pending', requested_at: baseTime + minute });
    const sql = openTestSql(opened.env);
    try {
      // As a merge leaves it (moderation/changes.ts, moveSubscribers): rejected, pointing to req-1, its subscription ended.
      await sql.run("UPDATE service_requests SET moderation = 'rejected', duplicate_of = 'req-1' WHERE service_request_id = 'req-2'");
      await sql.run("UPDATE subscriptions SET unsubscribed_at = ? WHERE service_request_id = 'req-2'", baseTime);
    } finally {
      await sql.close();
    }
    const reports = async () => (await store.residents.reportsOf('aino@example.org')).map((r) => [r.service_request_id, r.duplicate_of, r.updates]);
    expect(await reports()).toEqual([['req-2', 'req-1', false], ['req-1', null, true]]);
    await store.residents.setReportUpdates('aino@example.org', false, baseTime);
    await store.residents.setReportUpdates('aino@example.org', true, baseTime);
    expect(await reports()).toEqual([['req-2', 'req-1', false], ['req-1', null, true]]);
  });

  it('follows: confirmed, not ended, of published requests; unfollow ends only its own', async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    for (const id of ['req-1', 'req-2', 'req-3']) await report(store, id, 'pekka@example.org', { moderation: 'published' });
    for (const id of ['req-1', 'req-2', 'req-3']) await followConfirmed(store, id, 'Aino@example.org');
    await followConfirmed(store, 'req-1', 'other@example.org');
    const sql = openTestSql(opened.env);
    try {
      await sql.run("UPDATE subscriptions SET confirmed_at = ? WHERE role = 'follower' AND service_request_id <> 'req-3'", baseTime);
      expect((await store.residents.followsOf('aino@example.org')).map((r) => r.service_request_id).sort()).toEqual(['req-1', 'req-2']);
      await sql.run("UPDATE service_requests SET moderation = 'rejected' WHERE service_request_id = 'req-2'");
      expect((await store.residents.followsOf('aino@example.org')).map((r) => r.service_request_id)).toEqual(['req-1']);
      expect(await store.residents.unfollow('aino@example.org', 'req-1', baseTime)).toBe(true);
      expect(await store.residents.unfollow('aino@example.org', 'req-1', baseTime)).toBe(false);
      expect(await store.residents.followsOf('aino@example.org')).toEqual([]);
      expect(await store.followers.countFollowers('req-1')).toBe(1);
    } finally {
      await sql.close();
    }
  });
  it("an address is confirmed by a used sign-in link, a live session, a confirmed follow or alert; never by reporting with it", async () => {
    const { store } = opened;
    await storeServiceTypes(store);
    const confirmed = (email: string, now = baseTime) => store.residents.isConfirmedAddress(email, now);
    await report(store, 'req-1', 'reporter@example.org', { moderation: 'published' });
    expect(await confirmed('reporter@example.org')).toBe(false);

    await store.residents.startSignIn(link('a'.repeat(64), 'signed@example.org'), outboxMessage('link-1'));
    expect(await confirmed('signed@example.org')).toBe(false); // sent, not used
    await store.residents.consumeSignIn('a'.repeat(64), baseTime + minute);
    expect(await confirmed('Signed@Example.org')).toBe(true);

    await store.residents.createSession({ id: 's1', email: 'session@example.org', created_at: baseTime, expires_at: baseTime + day });
    expect(await confirmed('session@example.org')).toBe(true);
    expect(await confirmed('session@example.org', baseTime + day)).toBe(false);

    await followConfirmed(store, 'req-1', 'Follower@example.org');
    expect(await confirmed('follower@example.org')).toBe(false); // asked, not confirmed
    const sql = openTestSql(opened.env);
    try {
      await sql.run("UPDATE subscriptions SET confirmed_at = ? WHERE role = 'follower'", baseTime);
    } finally {
      await sql.close();
    }
    expect(await confirmed('follower@example.org')).toBe(true);

    const alertMessage = () => outboxMessage(`alert-${(sent += 1)}`);
    await store.alerts.subscribe({ email: 'Alert@example.org', area: { kind: 'street', street: 'Hämeentie' }, frequency: 'daily', locale: 'fi', now: baseTime }, alertMessage);
    expect(await confirmed('alert@example.org')).toBe(false);
    const [alert] = await store.alerts.listByEmail('alert@example.org');
    await store.alerts.confirm(alert!.id, baseTime + minute);
    expect(await confirmed('ALERT@example.org')).toBe(true);
    expect(await confirmed('nobody@example.org')).toBe(false);
  });
});
