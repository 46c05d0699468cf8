/** What a signed-in resident sees and changes: only their own reports, follows and emails. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { addModerator, signIn, submitRequest } from '../moderation/moderation-client';
import { asResident, signInResident } from './resident-client';

describe('resident: my reports', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  async function followConfirmed(id: string, email: string) {
    await t.repositories.followers.requestFollow({ service_request_id: id, email, locale: 'fi', now: t.clock.now }, (recipient) => ({
      message_id: `<follow-${recipient.subscription_id}@kerro.test>`, service_request_id: id, to_address: recipient.email, locale: 'fi',
      subject: 'confirm', body_text: 'confirm', body_html: '', unsubscribe_url: '', created_at: t.clock.now,
    }));
    await t.sql.run("UPDATE subscriptions SET confirmed_at = ? WHERE role = 'follower' AND email = ?", t.clock.now, email.toLowerCase());
  }

  it('lists their own reports in every state and their follows; never anything of anyone else', async () => {
    const published = await submitRequest(t, { email: 'Aino@Example.org', first_name: 'Aino', last_name: 'Virtanen', title: 'Pothole by the school' });
    await publish(t, published);
    t.clock.now += 60_000;
    const pending = await submitRequest(t, { email: 'aino@example.org', service_code: '198', description: 'The stop sign is bent over.' });
    const rejected = await submitRequest(t, { email: 'aino@example.org', description: 'Another hole, rejected as a duplicate.' });
    await t.sql.run("UPDATE service_requests SET moderation = 'rejected' WHERE service_request_id = ?", rejected);
    const others = await submitRequest(t, { email: 'pekka@example.org', first_name: 'Pekka', phone: '+358 40 123 4567', title: 'Pekka private title', description: 'Pekka describes a broken light.' });
    await publish(t, others);
    await followConfirmed(others, 'aino@example.org');
    const othersPending = await submitRequest(t, { email: 'pekka@example.org', description: 'Pekka pending, followed by nobody.' });

    expect((await t.app.inject({ method: 'GET', url: '/residents/api/session' })).json()).toEqual({ signedIn: false });
    const cookie = await signInResident(t, 'AINO@example.org');
    expect((await asResident(t, cookie, 'GET', '/session')).json()).toEqual({ signedIn: true, email: 'aino@example.org', firstName: 'Aino', lastName: 'Virtanen' });
    const response = await asResident(t, cookie, 'GET', '/me?locale=fi');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const me = response.json();
    expect(me).toMatchObject({ email: 'aino@example.org', firstName: 'Aino', lastName: 'Virtanen', reportUpdates: true });
    expect(me.reports.map((r: { id: string; moderation: string; link: string | null }) => [r.id, r.moderation, r.link])).toEqual(
      expect.arrayContaining([
        [published, 'published', `/requests/${published}`],
        [pending, 'pending', null],
        [rejected, 'rejected', null],
      ]),
    );
    expect(me.reports).toHaveLength(3);
    expect(me.reports.find((r: { id: string }) => r.id === published)).toEqual({
      id: published, type: '171', typeName: 'Katujen kunto', title: 'Pothole by the school', status: 'open', detailedStatus: ['RECEIVED'],
      requestedAt: '2026-11-20T14:00:00+02:00', updatedAt: expect.any(String), link: `/requests/${published}`, moderation: 'published', updates: true, duplicateOf: null,
    });
    expect(me.follows).toEqual([expect.objectContaining({ id: others, typeName: 'Katujen kunto', title: 'Pekka private title', link: `/requests/${others}` })]);
    // Another resident's address, names, phone and texts beyond the public title never appear.
    for (const secret of ['pekka@example.org', 'Pekka"', '+358', 'Pekka describes', othersPending]) expect(response.body).not.toContain(secret);
    // Nor does the resident's own description: the list names reports, it does not copy them.
    expect(response.body).not.toContain('school gate');
  });

  it('turns update emails for their reports off and on, and unfollows; only their own subscriptions change', async () => {
    const mine = await submitRequest(t, { email: 'aino@example.org' });
    const theirs = await submitRequest(t, { email: 'pekka@example.org' });
    await publish(t, theirs);
    await followConfirmed(theirs, 'aino@example.org');
    await followConfirmed(theirs, 'liisa@example.org');
    const cookie = await signInResident(t, 'aino@example.org');

    const off = await asResident(t, cookie, 'PUT', '/me/settings', { reportUpdates: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ reportUpdates: false, reports: [{ id: mine, updates: false }] });
    const reporterRows = await t.sql.all<{ email: string; ended: number }>(
      "SELECT email, CASE WHEN unsubscribed_at IS NULL THEN 0 ELSE 1 END AS ended FROM subscriptions WHERE role = 'reporter' ORDER BY email",
    );
    expect(reporterRows.map((row) => [row.email, Number(row.ended)])).toEqual([['aino@example.org', 1], ['pekka@example.org', 0]]);
    expect((await asResident(t, cookie, 'PUT', '/me/settings', { reportUpdates: true })).json().reportUpdates).toBe(true);

    const unfollowed = await asResident(t, cookie, 'PUT', '/me/settings', { unfollow: [theirs, mine] });
    expect(unfollowed.json().follows).toEqual([]);
    expect(await t.repositories.followers.countFollowers(theirs)).toBe(1);
    expect((await asResident(t, cookie, 'GET', '/me')).json().reports).toEqual([expect.objectContaining({ id: mine, updates: true })]);
  });

  it('a report merged into another as a duplicate: named with its original, and the setting stays on (issue 42, item 5)', async () => {
    const original = await submitRequest(t, { email: 'pekka@example.org', title: 'Pothole at the school gate' });
    await publish(t, original);
    const kept = await submitRequest(t, { email: 'aino@example.org' });
    const merged = await submitRequest(t, { email: 'aino@example.org', description: 'The same pothole, reported again.' });
    await addModerator(t, 'maija', 'correct horse battery');
    const moderator = await signIn(t);
    expect((await moderator.request('POST', `/requests/${merged}/duplicate`, { original })).statusCode).toBe(200);

    const cookie = await signInResident(t, 'aino@example.org');
    const me = (await asResident(t, cookie, 'GET', '/me')).json();
    // Aino turned nothing off: her duplicate's emails moved to the original, the other report's are on.
    expect(me.reportUpdates).toBe(true);
    expect(me.reports.find((r: { id: string }) => r.id === merged)).toMatchObject({ moderation: 'rejected', link: null, duplicateOf: original, updates: false });
    expect(me.reports.find((r: { id: string }) => r.id === kept)).toMatchObject({ duplicateOf: null, updates: true });
    expect(me.follows.map((f: { id: string }) => f.id)).toEqual([original]);

    // Off and on again: the duplicate's own subscription stays ended (she hears from the original).
    expect((await asResident(t, cookie, 'PUT', '/me/settings', { reportUpdates: false })).json().reportUpdates).toBe(false);
    expect((await asResident(t, cookie, 'PUT', '/me/settings', { reportUpdates: true })).json().reportUpdates).toBe(true);
    const reporterRows = await t.sql.all<{ service_request_id: string; ended: number }>(
      "SELECT service_request_id, CASE WHEN unsubscribed_at IS NULL THEN 0 ELSE 1 END AS ended FROM subscriptions WHERE role = 'reporter' AND email = 'aino@example.org'",
    );
    expect(Object.fromEntries(reporterRows.map((row) => [row.service_request_id, Number(row.ended)]))).toEqual({ [kept]: 0, [merged]: 1 });
  });

  it('lists their own alerts and removes only their own', async () => {
    const confirmation = (recipient: { id: number; email: string }) => ({
      message_id: `<alert-${recipient.id}@kerro.test>`, service_request_id: null, to_address: recipient.email, locale: 'en',
      subject: 'confirm', body_text: 'confirm', body_html: '', unsubscribe_url: '', created_at: t.clock.now,
    });
    const subscribe = (email: string, street: string) =>
      t.repositories.alerts.subscribe({ email, area: { kind: 'street', street }, frequency: 'daily', locale: 'en', now: t.clock.now }, confirmation);
    await subscribe('Aino@example.org', 'Hämeentie');
    await subscribe('pekka@example.org', 'Mannerheimintie');
    const [pekkas] = await t.repositories.alerts.listByEmail('pekka@example.org');
    const cookie = await signInResident(t, 'aino@example.org');
    const me = (await asResident(t, cookie, 'GET', '/me')).json();
    expect(me.alerts).toEqual([{ id: expect.any(Number), area: { kind: 'street', street: 'Hämeentie' }, frequency: 'daily', confirmed: false, created_at: expect.any(String) }]);
    expect(JSON.stringify(me)).not.toContain('Mannerheimintie');

    const removed = await asResident(t, cookie, 'PUT', '/me/settings', { removeAlerts: [pekkas!.id, me.alerts[0].id] });
    expect(removed.json().alerts).toEqual([]);
    expect(await t.repositories.alerts.listByEmail('pekka@example.org')).toHaveLength(1);
  });

  it('says what to fix in settings, and asks to sign in without a session', async () => {
    const cookie = await signInResident(t, 'aino@example.org');
    const bad = await asResident(t, cookie, 'PUT', '/me/settings', { reportUpdates: 'no', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_input');
    expect(bad.json().error.message).toContain('reportUpdates must be true or false');
    for (const [method, url] of [['GET', '/me'], ['PUT', '/me/settings']] as const) {
      const response = await t.app.inject({ method, url: `/residents/api${url}`, payload: method === 'PUT' ? {} : undefined });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('sign in first: POST /residents/api/sign-in with your email address, then open the link it sends');
    }
    expect((await t.app.inject({ method: 'GET', url: '/residents/api/nothing' })).statusCode).toBe(404);
  });
});
