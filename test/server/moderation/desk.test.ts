/**
 * Assignment and internal notes (issue 41, item 5): a report is assigned only to a moderator of its
 * body, re-assigned and unassigned, each audited; "assigned to me" marks and filters each
 * moderator's own; internal notes are read and written only by the body's moderators.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { signIn, submitRequest, type ModeratorSession } from './moderation-client';

const password = 'correct horse battery';
let t: TestApp;
let ids: { espoo: string; espoo2: string; vantaa: string };
let esa: ModeratorSession;
let eeva: ModeratorSession;
let veera: ModeratorSession;
let admin: ModeratorSession;
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await lightPasswordHash(password);
});

async function addModerator(name: string, bodyIds: string[]): Promise<ModeratorSession> {
  await t.repositories.moderation.createModerator(name, passwordHash, t.clock.now, bodyIds);
  return signIn(t, name, password);
}

async function requestOf(bodyId: string, description: string): Promise<string> {
  const id = await submitRequest(t, { description });
  await t.sql.run('UPDATE service_requests SET body_id = ? WHERE service_request_id = ?', bodyId, id);
  return id;
}

const assign = (session: ModeratorSession, id: string, moderator: string | null) => session.request('POST', `/requests/${id}/assignee`, { moderator });
const idsOf = (response: { json(): { items: { service_request_id: string }[] } }) => response.json().items.map((item) => item.service_request_id).sort();

beforeEach(async () => {
  t = await createTestApp();
  ids = {
    espoo: await requestOf('espoo', 'A streetlight is out on Otaniementie by the bus stop.'),
    espoo2: await requestOf('espoo', 'Litter bins overflowing in Leppävaara square.'),
    vantaa: await requestOf('vantaa', 'A bench is broken in Tikkurila park.'),
  };
  esa = await addModerator('esa', ['espoo']);
  eeva = await addModerator('eeva', ['espoo']);
  veera = await addModerator('veera', ['vantaa']);
  admin = await addModerator('aino', []);
}, 30_000);
afterEach(() => t.close());

describe('assigning a report', () => {
  it('assigns to a moderator of its body, re-assigns and unassigns, each audited with who it was before', async () => {
    const before = (await esa.request('GET', `/requests/${ids.espoo}`)).json();
    expect(before.assignee).toBeNull();
    // The body's moderators and the administrator may handle it; the other body's may not.
    expect(before.assignable).toEqual(['aino', 'eeva', 'esa']);

    const assigned = await assign(esa, ids.espoo, 'esa');
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().assignee).toMatchObject({ name: 'esa', assigned_by: 'esa' });

    const reassigned = await assign(esa, ids.espoo, 'eeva');
    expect(reassigned.json().assignee).toMatchObject({ name: 'eeva', assigned_by: 'esa' });
    const unassigned = await assign(eeva, ids.espoo, null);
    expect(unassigned.json().assignee).toBeNull();

    const audit = unassigned.json().audit as { action: string; moderator: string; details: unknown }[];
    expect(audit.filter((entry) => entry.action === 'assign' || entry.action === 'unassign')).toEqual([
      expect.objectContaining({ action: 'unassign', moderator: 'eeva', details: { from: 'eeva', to: null } }),
      expect.objectContaining({ action: 'assign', moderator: 'esa', details: { from: 'esa', to: 'eeva' } }),
      expect.objectContaining({ action: 'assign', moderator: 'esa', details: { from: null, to: 'esa' } }),
    ]);
    // The same assignee again changes nothing and writes no entry.
    await assign(esa, ids.espoo, 'esa');
    const again = await assign(esa, ids.espoo, 'esa');
    expect((again.json().audit as { action: string }[]).filter((entry) => entry.action === 'assign')).toHaveLength(3);
  });

  it('refuses a moderator of another body, an unknown or disabled one, with the field named', async () => {
    await t.repositories.moderation.setDisabled('eeva', t.clock.now);
    for (const name of ['veera', 'nobody-such', 'eeva']) {
      const refused = await assign(esa, ids.espoo, name);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'invalid_input', fields: [{ field: 'moderator', code: 'unknown_value' }] });
      expect(refused.json().error.message).toContain(name);
    }
    const missing = await esa.request('POST', `/requests/${ids.espoo}/assignee`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields[0]).toMatchObject({ field: 'moderator' });
    expect((await esa.request('GET', `/requests/${ids.espoo}`)).json().assignee).toBeNull();
  });

  it('a moderator of another body can neither see nor change the assignment: 404 as for any request of theirs', async () => {
    await assign(esa, ids.espoo, 'esa');
    const refused = await assign(veera, ids.espoo, 'veera');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('not_found');
    expect((await esa.request('GET', `/requests/${ids.espoo}`)).json().assignee.name).toBe('esa');
  });

  it('"assigned to me" marks and filters each moderator’s own, in the queue and the lists', async () => {
    await assign(esa, ids.espoo, 'esa');
    await assign(esa, ids.espoo2, 'eeva');
    await assign(admin, ids.vantaa, 'aino');

    expect(idsOf(await esa.request('GET', '/queue?flag=assigned_to_me'))).toEqual([ids.espoo]);
    expect(idsOf(await eeva.request('GET', '/queue?flag=assigned_to_me'))).toEqual([ids.espoo2]);
    expect(idsOf(await veera.request('GET', '/queue?flag=assigned_to_me'))).toEqual([]);
    expect(idsOf(await admin.request('GET', '/queue?flag=assigned_to_me'))).toEqual([ids.vantaa]);

    const queue = (await esa.request('GET', '/queue')).json().items as { service_request_id: string; flags: string[] }[];
    expect(queue.find((item) => item.service_request_id === ids.espoo)?.flags).toContain('assigned_to_me');
    expect(queue.find((item) => item.service_request_id === ids.espoo2)?.flags).not.toContain('assigned_to_me');

    expect((await esa.request('POST', `/requests/${ids.espoo}/publish`)).statusCode).toBe(200);
    expect(idsOf(await esa.request('GET', '/requests?flag=assigned_to_me'))).toEqual([ids.espoo]);
    expect(idsOf(await eeva.request('GET', '/requests?flag=assigned_to_me'))).toEqual([]);
  });
});

describe('the moderators one may assign to (GET /moderators)', () => {
  const namesFor = async (session: ModeratorSession) => {
    const response = await session.request('GET', '/moderators');
    expect(response.statusCode).toBe(200);
    return response.json<{ items: { name: string; bodies: string[] }[] }>().items;
  };

  it('a body’s moderator gets those of their bodies and the administrators, active only; an administrator gets everyone active', async () => {
    await addModerator('erkki', ['espoo', 'vantaa']);
    await addModerator('elsa', ['espoo']);
    await t.repositories.moderation.setDisabled('elsa', t.clock.now);

    expect(await namesFor(esa)).toEqual([
      { name: 'aino', bodies: [] },
      { name: 'eeva', bodies: ['espoo'] },
      { name: 'erkki', bodies: ['espoo', 'vantaa'] },
      { name: 'esa', bodies: ['espoo'] },
    ]);
    expect((await namesFor(veera)).map((moderator) => moderator.name)).toEqual(['aino', 'erkki', 'veera']);
    expect((await namesFor(admin)).map((moderator) => moderator.name)).toEqual(['aino', 'eeva', 'erkki', 'esa', 'veera']);
  });

  it('needs a session, and says nothing of anyone to a visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/moderation/api/moderators' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('esa');
  });
});

describe('internal notes', () => {
  it('the body’s moderators add and read them, oldest first; each is audited without its text', async () => {
    const added = await esa.request('POST', `/requests/${ids.espoo}/internal-notes`, { text: 'Called the street lighting contractor.' });
    expect(added.statusCode).toBe(200);
    await eeva.request('POST', `/requests/${ids.espoo}/internal-notes`, { text: 'Contractor comes on Friday.' });
    const detail = (await admin.request('GET', `/requests/${ids.espoo}`)).json();
    expect(detail.internal_notes.map((note: { author: string; text: string }) => [note.author, note.text])).toEqual([
      ['esa', 'Called the street lighting contractor.'],
      ['eeva', 'Contractor comes on Friday.'],
    ]);
    const entries = (detail.audit as { action: string; details: unknown }[]).filter((entry) => entry.action === 'internal_note');
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(detail.audit)).not.toContain('contractor');
  });

  it('refuses a blank or too long note with the field named', async () => {
    const blank = await esa.request('POST', `/requests/${ids.espoo}/internal-notes`, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields[0]).toMatchObject({ field: 'text', code: 'required' });
    const long = await esa.request('POST', `/requests/${ids.espoo}/internal-notes`, { text: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields[0]).toMatchObject({ field: 'text', code: 'too_long' });
  });

  it('a moderator of another body can neither read nor add them: 404 as for other requests', async () => {
    await esa.request('POST', `/requests/${ids.espoo}/internal-notes`, { text: 'Only for Espoo.' });
    const read = await veera.request('GET', `/requests/${ids.espoo}`);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Only for Espoo');
    const add = await veera.request('POST', `/requests/${ids.espoo}/internal-notes`, { text: 'From Vantaa.' });
    expect(add.statusCode).toBe(404);
    expect(add.json().error.code).toBe('not_found');
    const notes = (await esa.request('GET', `/requests/${ids.espoo}`)).json().internal_notes as { text: string }[];
    expect(notes.map((note) => note.text)).toEqual(['Only for Espoo.']);
  });
});
