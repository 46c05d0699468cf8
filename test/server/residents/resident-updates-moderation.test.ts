/**
 * Residents' updates before a moderator: the pending list and the decisions, scoped to the
 * moderator's bodies, CSRF-checked and audited; publishing adds the public history entry, emails
 * the subscribers (not the poster twice) and, from the reporter, closes or reopens the report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { makeJpeg } from '../../helpers/images';
import { multipartBody, urlencoded } from '../georeport/form';
import { api, publicDetail, signIn, submitRequest, type ModeratorSession } from '../moderation/moderation-client';

const password = 'correct horse battery';
let t: TestApp;
let espoo: ModeratorSession;
let vantaa: ModeratorSession;
let admin: ModeratorSession;

beforeAll(async () => {
  t = await createTestApp();
  const hash = await lightPasswordHash(password);
  for (const [name, bodies] of [['esa', ['espoo']], ['veera', ['vantaa']], ['aino', []]] as const) {
    await t.repositories.moderation.createModerator(name, hash, t.clock.now, bodies);
  }
  espoo = await signIn(t, 'esa', password);
  vantaa = await signIn(t, 'veera', password);
  admin = await signIn(t, 'aino', password);
}, 30_000);
afterAll(() => t.close());

/** A published report of Espoo's, with its reporter's address, and a confirmed follower. */
async function espooReport(): Promise<string> {
  const id = await submitRequest(t, { email: 'reporter@example.org', description: 'A deep pothole by the Otaniemi bus stop.' });
  await publish(t, id);
  await t.sql.run("UPDATE service_requests SET body_id = 'espoo' WHERE service_request_id = ?", id);
  await t.sql.run(
    "INSERT INTO subscriptions (service_request_id, role, email, locale, created_at, confirmed_at, unsubscribed_at) VALUES (?, 'follower', 'follower@example.org', 'en', ?, ?, NULL)",
    id, t.clock.now, t.clock.now,
  );
  return id;
}

async function postUpdate(id: string, fields: Record<string, string>, photo?: Buffer): Promise<string> {
  const body = photo
    ? await multipartBody({ api_key: t.apiKey, ...fields }, [{ name: 'media', fileName: 'now.jpg', type: 'image/jpeg', data: photo }])
    : urlencoded({ api_key: t.apiKey, ...fields });
  const response = await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/updates.json`, ...body });
  if (response.statusCode !== 200) throw new Error(`update failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { update_id: string }[])[0]!.update_id;
}

const pendingIds = async (session: ModeratorSession) => ((await session.request('GET', '/updates?state=pending')).json() as { items: { update_id: string }[] }).items.map((item) => item.update_id);
const outboxTo = (id: string) => t.sql.all<{ to_address: string; subject: string; body_text: string }>('SELECT to_address, subject, body_text FROM outbox WHERE service_request_id = ? ORDER BY id', id);

describe('moderating residents\' updates', () => {
  it('lists pending updates to the moderators of the report\'s body and to administrators only', async () => {
    const id = await espooReport();
    const updateId = await postUpdate(id, { description: 'Still there after the rain, and deeper.', name: 'Liisa', show_name: 'true' });
    expect(await pendingIds(espoo)).toContain(updateId);
    expect(await pendingIds(admin)).toContain(updateId);
    expect(await pendingIds(vantaa)).not.toContain(updateId);
    const listed = (await espoo.request('GET', '/updates')).json().items.find((item: { update_id: string }) => item.update_id === updateId);
    expect(listed).toMatchObject({ service_request_id: id, report_title: 'Potholes', text: 'Still there after the rain, and deeper.', name: 'Liisa', show_name: true, state: null, moderation: 'pending' });
    // Another body's moderator cannot decide it: as absent.
    expect((await vantaa.request('POST', `/updates/${updateId}/publish`)).statusCode).toBe(404);
    expect((await espoo.request('GET', '/updates?state=published')).statusCode).toBe(400);
  });

  it('refuses a decision without the CSRF token or the session', async () => {
    const id = await espooReport();
    const updateId = await postUpdate(id, { description: 'The hole has been marked with a cone.' });
    const noToken = await t.app.inject({ method: 'POST', url: `${api}/updates/${updateId}/publish`, headers: { cookie: espoo.cookie } });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('csrf_token_invalid');
    expect((await t.app.inject({ method: 'POST', url: `${api}/updates/${updateId}/publish` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${api}/updates` })).statusCode).toBe(401);
    expect(await pendingIds(espoo)).toContain(updateId);
  });

  it('publishing adds the public history entry (text, photo, the name only when shown) and emails subscribers, not the poster twice', async () => {
    const id = await espooReport();
    const updateId = await postUpdate(
      id,
      { description: 'A second hole has opened next to it.', name: 'Hidden Name', email: 'follower@example.org', locale: 'en' },
      await makeJpeg(64, 48),
    );
    const before = (await outboxTo(id)).length;
    const published = await espoo.request('POST', `/updates/${updateId}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ update_id: updateId, moderation: 'published' });
    expect(await pendingIds(espoo)).not.toContain(updateId);

    const history = (await publicDetail(t, id)).extended_attributes.history as { kind: string; update?: Record<string, unknown> }[];
    const entry = history.find((item) => item.kind === 'resident_update');
    expect(entry?.update).toEqual({ text: 'A second hole has opened next to it.', photo_url: expect.stringMatching(/^http:\/\/kerro\.test\/media\/.+\.jpg$/) });
    const publicText = JSON.stringify(await publicDetail(t, id));
    expect(publicText).not.toContain('Hidden Name');
    expect(publicText).not.toContain('follower@example.org');

    const sent = (await outboxTo(id)).slice(before);
    // The reporter hears of it; the follower posted it (and had the receipt), so is not told again.
    expect(sent.map((message) => message.to_address)).toEqual(['reporter@example.org']);
    expect(sent[0]!.body_text).toContain('A second hole has opened next to it.');
    expect(sent[0]!.body_text).not.toContain('Hidden Name');

    const audit = (await admin.request('GET', `/audit?limit=5`)).json().items as { action: string; service_request_id: string; details: Record<string, unknown> }[];
    expect(audit.find((item) => item.action === 'publish_update' && item.service_request_id === id)?.details).toEqual({ update: updateId, notified: true, body_told: 'in_console' });
    expect((await espoo.request('POST', `/updates/${updateId}/reject`)).statusCode).toBe(409);
  });

  it('shows the name when its poster chose so', async () => {
    const id = await espooReport();
    const updateId = await postUpdate(id, { description: 'Still there on Monday morning.', name: 'Liisa Virtanen', show_name: 'true' });
    await espoo.request('POST', `/updates/${updateId}/publish`);
    const history = (await publicDetail(t, id)).extended_attributes.history as { kind: string; update?: Record<string, unknown> }[];
    expect(history.find((item) => item.kind === 'resident_update')?.update).toEqual({ text: 'Still there on Monday morning.', name: 'Liisa Virtanen' });
  });

  it('the reporter\'s "fixed" closes the report when published; "still there" reopens it', async () => {
    const id = await espooReport();
    const fixed = await postUpdate(id, { description: 'Patched this morning, all good.', state: 'fixed', verified_email: 'reporter@example.org' });
    await espoo.request('POST', `/updates/${fixed}/publish`);
    let detail = await publicDetail(t, id);
    expect(detail.status).toBe('closed');
    let history = detail.extended_attributes.history as { kind: string; detailed_status: string; update?: Record<string, unknown> }[];
    expect(history.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'resident_update', detailed_status: 'PROCESSED', update: { text: 'Patched this morning, all good.', marked: 'fixed' } }),
      expect.objectContaining({ kind: 'status', detailed_status: 'PROCESSED' }),
    ]);

    const again = await postUpdate(id, { description: 'The patch broke up already.', state: 'still_there', verified_email: 'reporter@example.org' });
    await espoo.request('POST', `/updates/${again}/publish`);
    detail = await publicDetail(t, id);
    expect(detail.status).toBe('open');
    history = detail.extended_attributes.history;
    expect(history.slice(-2).map((item) => [item.kind, item.detailed_status])).toEqual([['resident_update', 'IN_PROCESS'], ['status', 'IN_PROCESS']]);
    const followerMail = (await outboxTo(id)).filter((message) => message.to_address === 'follower@example.org').at(-1)!;
    expect(followerMail.body_text).toContain('The reporter says the problem is still there.');
  });

  it('rejecting shows nothing and tells nobody; it is audited', async () => {
    const id = await espooReport();
    const updateId = await postUpdate(id, { description: 'Spam spam spam spam spam.' });
    const before = (await outboxTo(id)).length;
    const rejected = await espoo.request('POST', `/updates/${updateId}/reject`);
    expect(rejected.json()).toMatchObject({ moderation: 'rejected' });
    expect(JSON.stringify(await publicDetail(t, id))).not.toContain('Spam');
    expect((await outboxTo(id)).length).toBe(before);
    const audit = (await espoo.request('GET', `/audit?limit=3`)).json().items as { action: string; details: Record<string, unknown> }[];
    expect(audit[0]).toMatchObject({ action: 'reject_update', details: { update: updateId } });
  });
});
