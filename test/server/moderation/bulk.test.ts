/**
 * Bulk actions (issue 41, item 7): each report is changed on its own as by the single action (its
 * audit entry, its resident's email), and each is answered on its own, a failure with its code.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { signIn, submitRequest, type ModeratorSession } from './moderation-client';

const password = 'correct horse battery';
let t: TestApp;
let esa: ModeratorSession;
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await lightPasswordHash(password);
});

async function addModerator(name: string, bodyIds: string[]): Promise<ModeratorSession> {
  await t.repositories.moderation.createModerator(name, passwordHash, t.clock.now, bodyIds);
  return signIn(t, name, password);
}

async function requestOf(bodyId: string, fields: Record<string, string> = {}): Promise<string> {
  const id = await submitRequest(t, fields);
  await t.sql.run('UPDATE service_requests SET body_id = ? WHERE service_request_id = ?', bodyId, id);
  return id;
}

const moderationOf = async (id: string) =>
  (await t.sql.get<{ moderation: string }>('SELECT moderation FROM service_requests WHERE service_request_id = ?', id))?.moderation;
/** The emails queued for a report after its receipt, as the sender will read them. */
const emailsOf = async (id: string) =>
  (await t.sql.all<{ to_address: string; subject: string; body_text: string }>('SELECT to_address, subject, body_text FROM outbox WHERE service_request_id = ? ORDER BY id', id)).slice(1);
const auditOf = async (id: string) => (await esa.request('GET', `/requests/${id}`)).json<{ audit: { action: string; moderator: string; details: Record<string, unknown> }[] }>().audit;
const bulk = (body: unknown) => esa.request('POST', '/bulk', body);

beforeEach(async () => {
  t = await createTestApp();
  esa = await addModerator('esa', ['espoo']);
}, 30_000);
afterEach(() => t.close());

describe('POST /moderation/api/bulk', () => {
  it('publishes each pending report on its own and reports the others per report: one already published, one of another body, one absent', async () => {
    const first = await requestOf('espoo', { email: 'aino@example.org', locale: 'fi', title: 'Kuoppa' });
    const second = await requestOf('espoo', { email: 'ben@example.org', locale: 'en', title: 'Pothole' });
    const published = await requestOf('espoo');
    await esa.request('POST', `/requests/${published}/publish`);
    const vantaa = await requestOf('vantaa');

    const response = await bulk({ ids: [first, published, second, vantaa, 'no-such-report'], action: 'publish' });

    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      { id: first, ok: true },
      { id: published, ok: false, code: 'conflict', message: 'this request is published; only pending requests can be published' },
      { id: second, ok: true },
      { id: vantaa, ok: false, code: 'not_found', message: expect.stringContaining(vantaa) },
      { id: 'no-such-report', ok: false, code: 'not_found', message: expect.stringContaining('no-such-report') },
    ]);
    expect([await moderationOf(first), await moderationOf(second), await moderationOf(vantaa)]).toEqual(['published', 'published', 'pending']);
    // Each report its own audit entry and its own resident's email, as for a single publication.
    for (const id of [first, second]) expect((await auditOf(id)).map((entry) => [entry.action, entry.moderator])).toEqual([['publish', 'esa']]);
    expect((await emailsOf(first)).map((email) => [email.to_address, email.subject])).toEqual([['aino@example.org', 'Ilmoitukseen on päivitys: Kuoppa']]);
    expect((await emailsOf(second)).map((email) => [email.to_address, email.subject])).toEqual([['ben@example.org', 'Update on a report: Pothole']]);
  });

  it('rejects with one reason: each resident gets the email a single rejection sends, each report its audit entry', async () => {
    const single = await requestOf('espoo', { email: 'sven@example.org', locale: 'sv', title: 'Gatornas skick' });
    await esa.request('POST', `/requests/${single}/reject`, { reason: 'other', note: 'Gäller inte staden.' });
    const a = await requestOf('espoo', { email: 'sara@example.org', locale: 'sv', title: 'Gatornas skick' });
    const b = await requestOf('espoo', { email: 'stig@example.org', locale: 'sv', title: 'Gatornas skick' });

    const response = await bulk({ ids: [a, b], action: 'reject', reason: 'other', note: 'Gäller inte staden.' });

    expect(response.json().results).toEqual([{ id: a, ok: true }, { id: b, ok: true }]);
    const [expected] = await emailsOf(single);
    // The same text but the report's id and its own unsubscribe token.
    const sameBut = (text: string, id: string) => text.replaceAll(single, id).replace(/unsubscribe\?token=\S+/, 'unsubscribe?token=…');
    for (const [id, address] of [[a, 'sara@example.org'], [b, 'stig@example.org']] as const) {
      const emails = await emailsOf(id);
      expect(emails.map((email) => ({ ...email, body_text: sameBut(email.body_text, id) }))).toEqual([
        { to_address: address, subject: expected!.subject, body_text: sameBut(expected!.body_text, id) },
      ]);
      expect((await auditOf(id)).map((entry) => [entry.action, entry.details])).toEqual([['reject', { from: 'pending', reason: 'other', note_given: true, notified: true }]]);
    }
  });

  it('sets a status with its note on each report, and assigns each to a moderator of its body', async () => {
    const a = await requestOf('espoo');
    const b = await requestOf('espoo');
    await bulk({ ids: [a, b], action: 'publish' });
    await addModerator('eeva', ['espoo']);

    const status = await bulk({ ids: [a, b], action: 'status', detailed_status: ['IN_PROCESS'], status_notes: 'Työ aloitettu.' });
    expect(status.json().results).toEqual([{ id: a, ok: true }, { id: b, ok: true }]);
    const assigned = await bulk({ ids: [a, b], action: 'assign', moderator: 'eeva' });
    expect(assigned.json().results).toEqual([{ id: a, ok: true }, { id: b, ok: true }]);

    for (const id of [a, b]) {
      const detail = (await esa.request('GET', `/requests/${id}`)).json();
      expect(detail.public).toMatchObject({ status_notes: 'Työ aloitettu.' });
      expect(detail.assignee).toMatchObject({ name: 'eeva', assigned_by: 'esa' });
      expect(detail.audit.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['publish', 'status', 'assign']));
    }
    // One who does not moderate the body: refused per report with the single route's error.
    await addModerator('veera', ['vantaa']);
    expect((await bulk({ ids: [a], action: 'assign', moderator: 'veera' })).json().results).toEqual([
      { id: a, ok: false, code: 'invalid_input', message: expect.stringContaining('veera does not moderate') },
    ]);
  });

  it("sets a status with a saved response: each report's notes in its own resident's language; another body's report refused on its own", async () => {
    const area = { type: 'Polygon' as const, coordinates: [[[24, 60], [25, 60], [25, 61], [24, 61], [24, 60]]] };
    await t.repositories.bodies.importAll([{ id: 'espoo', jurisdiction_id: 'espoo.fi', names: { fi: 'Espoo', sv: 'Esbo', en: 'Espoo' }, area, services: ['171'], send: { method: 'console' } }]);
    const created = await esa.request('POST', '/responses', { body_id: 'espoo', title: 'Started', text_fi: 'Työ aloitettu.', text_sv: 'Arbetet har börjat.', text_en: 'Work started.', status: 'IN_PROCESS' });
    expect(created.statusCode).toBe(201);
    const response = created.json<{ id: number }>().id;
    const fi = await requestOf('espoo', { locale: 'fi' });
    const sv = await requestOf('espoo', { locale: 'sv' });
    await bulk({ ids: [fi, sv], action: 'publish' });
    const admin = await addModerator('aino', []);
    const elsewhere = await requestOf('vantaa');

    const answer = await admin.request('POST', '/bulk', { ids: [fi, sv, elsewhere], action: 'status', detailed_status: ['IN_PROCESS'], response });

    expect(answer.json().results).toEqual([
      { id: fi, ok: true },
      { id: sv, ok: true },
      { id: elsewhere, ok: false, code: 'invalid_input', message: expect.stringContaining(`saved response ${response} is not one of this report's body's`) },
    ]);
    const notesOf = async (id: string) => (await t.sql.get<{ status_notes: string }>('SELECT status_notes FROM service_requests WHERE service_request_id = ?', id))?.status_notes;
    expect([await notesOf(fi), await notesOf(sv), await notesOf(elsewhere)]).toEqual(['Työ aloitettu.', 'Arbetet har börjat.', '']);
    // A response that is not there refuses the whole action before any report changes.
    const missing = await bulk({ ids: [fi], action: 'status', detailed_status: ['PROCESSED'], response: 9999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual([{ field: 'response', message: 'no saved response 9999', code: 'unknown_value' }]);
  });

  it('refuses invalid input as the single actions do, in the API’s format, changing nothing', async () => {
    const id = await requestOf('espoo');
    const refusals = [
      [{ ids: [], action: 'publish' }, 'ids'],
      [{ ids: Array.from({ length: 101 }, (_, index) => `r${index}`), action: 'publish' }, 'ids'],
      [{ ids: [id], action: 'delete' }, 'action'],
      [{ ids: [id], action: 'reject' }, 'reason'],
      [{ ids: [id], action: 'reject', reason: 'not_responsible' }, 'where'],
      [{ ids: [id], action: 'reject', reason: 'duplicate' }, 'reason'],
      [{ ids: [id], action: 'status', detailed_status: ['DONE'] }, 'detailed_status.0'],
      [{ ids: [id], action: 'publish', reason: 'abusive' }, ''],
      [{ ids: [id], action: 'assign' }, 'moderator'],
      [{ ids: [id], action: 'publish', response: 1 }, 'response'],
      [{ ids: [id], action: 'status', detailed_status: ['IN_PROCESS'], status_notes: 'x', response: 1 }, 'status_notes'],
    ] as const;
    for (const [body, field] of refusals) {
      const response = await bulk(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_input' });
      expect(response.json().error.fields.map((problem: { field: string }) => problem.field), JSON.stringify(body)).toContain(field);
    }
    expect(await moderationOf(id)).toBe('pending');
    expect(await auditOf(id)).toEqual([]);
  });
});
