/**
 * Saved responses (issue 41, item 4): a body's moderators list, save, change and delete its
 * templates; another body's are absent to them, an administrator's reach all; every change is
 * audited without its texts, and input is refused field by field.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BodyRecord } from '../../../src/server/storage/repositories/bodies';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import { signIn, submitRequest, type ModeratorSession } from './moderation-client';

const password = 'correct horse battery';
let passwordHash: string;
let t: TestApp;
let espoo: ModeratorSession;
let vantaa: ModeratorSession;
let admin: ModeratorSession;

beforeAll(async () => {
  passwordHash = await lightPasswordHash(password);
});

const body = (id: string, name: string): BodyRecord => ({
  id,
  jurisdiction_id: `${id}.fi`,
  names: { fi: name, sv: `${name} (sv)`, en: `${name} (en)` },
  // Both around the test report's point: the test gives a report its body itself.
  area: { type: 'Polygon', coordinates: [[[24.9, 60.1], [25, 60.1], [25, 60.2], [24.9, 60.2], [24.9, 60.1]]] },
  services: ['171'],
  send: { method: 'console' },
});

async function addModerator(name: string, bodyIds: string[]): Promise<ModeratorSession> {
  await t.repositories.moderation.createModerator(name, passwordHash, t.clock.now, bodyIds);
  return signIn(t, name, password);
}

const template = (fields: Record<string, unknown> = {}) => ({
  body_id: 'espoo',
  title: 'Fixed',
  text_fi: 'Korjattu, kiitos ilmoituksesta.',
  text_sv: 'Åtgärdat, tack för anmälan.',
  text_en: 'Fixed, thank you for the report.',
  ...fields,
});

beforeEach(async () => {
  t = await createTestApp();
  await t.repositories.bodies.importAll([body('espoo', 'Espoo'), body('vantaa', 'Vantaa')]);
  espoo = await addModerator('esa', ['espoo']);
  vantaa = await addModerator('veera', ['vantaa']);
  admin = await addModerator('aino', []);
}, 30_000);
afterEach(() => t.close());

describe('saved responses in the moderation API', () => {
  it('a moderator saves, lists, changes and deletes a response of their body', async () => {
    const created = await espoo.request('POST', '/responses', template({ service_code: '171', status: 'PROCESSED' }));
    expect(created.statusCode).toBe(201);
    const saved = created.json();
    expect(saved).toMatchObject({ body_id: 'espoo', title: 'Fixed', service_code: '171', status: 'PROCESSED', text_sv: 'Åtgärdat, tack för anmälan.' });

    const listed = await espoo.request('GET', '/responses');
    expect(listed.json().items.map((item: { id: number }) => item.id)).toEqual([saved.id]);

    const edited = await espoo.request('PATCH', `/responses/${saved.id}`, { ...template({ title: 'Fixed today' }), body_id: undefined, service_code: null, status: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: saved.id, title: 'Fixed today', service_code: null, status: null });

    expect((await espoo.request('DELETE', `/responses/${saved.id}`)).statusCode).toBe(204);
    expect((await espoo.request('GET', '/responses')).json().items).toEqual([]);
    expect((await espoo.request('DELETE', `/responses/${saved.id}`)).statusCode).toBe(404);
  });

  it('filters by type and status keep those for that type or status and those for any', async () => {
    const save = async (fields: Record<string, unknown>) => (await espoo.request('POST', '/responses', template(fields))).json().id as number;
    const anyType = await save({ title: 'A any' });
    const pothole = await save({ title: 'B pothole', service_code: '171' });
    await save({ title: 'C other type', service_code: '999' });
    const closed = await save({ title: 'D closed', status: 'PROCESSED' });
    await save({ title: 'E received', status: 'RECEIVED' });
    const ids = async (query: string) => (await espoo.request('GET', `/responses?${query}`)).json().items.map((item: { id: number }) => item.id);
    expect(await ids('service_code=171&status=PROCESSED')).toEqual([anyType, pothole, closed]);
  });

  it('for_request lists the report’s body’s responses for its type or any; another body’s report is absent', async () => {
    const report = await submitRequest(t);
    await t.sql.run("UPDATE service_requests SET body_id = 'espoo' WHERE service_request_id = ?", report);
    const save = async (session: ModeratorSession, fields: Record<string, unknown>) => (await session.request('POST', '/responses', template(fields))).json().id as number;
    const anyType = await save(espoo, { title: 'A any' });
    const sameType = await save(espoo, { title: 'B same type', service_code: '171', status: 'PROCESSED' });
    await save(espoo, { title: 'C other type', service_code: '999' });
    await save(vantaa, { body_id: 'vantaa', title: 'D other body' });
    const listed = await espoo.request('GET', `/responses?for_request=${report}`);
    expect(listed.json().items.map((item: { id: number }) => item.id)).toEqual([anyType, sameType]);
    const foreign = await vantaa.request('GET', `/responses?for_request=${report}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not_found');
  });

  it('another body’s moderator neither sees nor changes a response, and cannot save one for that body', async () => {
    const saved = (await espoo.request('POST', '/responses', template())).json();
    expect((await vantaa.request('GET', '/responses')).json().items).toEqual([]);
    expect((await vantaa.request('GET', '/responses?body_id=espoo')).json().items).toEqual([]);
    const edit = await vantaa.request('PATCH', `/responses/${saved.id}`, { ...template(), body_id: undefined });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.code).toBe('not_found');
    expect((await vantaa.request('DELETE', `/responses/${saved.id}`)).statusCode).toBe(404);
    const foreign = await vantaa.request('POST', '/responses', template());
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('vantaa') });
    // The template is as Espoo saved it.
    expect((await espoo.request('GET', '/responses')).json().items).toMatchObject([{ id: saved.id, title: 'Fixed' }]);
  });

  it('an administrator lists every body’s responses and saves one for any body that exists', async () => {
    await espoo.request('POST', '/responses', template());
    expect((await admin.request('POST', '/responses', template({ body_id: 'vantaa', title: 'Kiitos' }))).statusCode).toBe(201);
    expect((await admin.request('GET', '/responses')).json().items.map((item: { body_id: string }) => item.body_id)).toEqual(['espoo', 'vantaa']);
    expect((await admin.request('GET', '/responses?body_id=vantaa')).json().items).toHaveLength(1);
    const unknown = await admin.request('POST', '/responses', template({ body_id: 'turku' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual([expect.objectContaining({ field: 'body_id', code: 'unknown_value' })]);
  });

  it('refuses missing texts, an unknown status and unknown fields, each by its field', async () => {
    const response = await espoo.request('POST', '/responses', template({ text_sv: '  ', status: 'DONE', colour: 'red' }));
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.fields.map((field: { field: string; code: string }) => `${field.field}:${field.code}`);
    expect(fields).toEqual(expect.arrayContaining(['text_sv:required', 'status:invalid_detailed_status', ':unknown_field']));
    expect((await espoo.request('PATCH', '/responses/abc', template())).statusCode).toBe(400);
  });

  it('each change is audited by id and body, never with its texts', async () => {
    const saved = (await espoo.request('POST', '/responses', template())).json();
    await espoo.request('PATCH', `/responses/${saved.id}`, { ...template({ text_en: 'Fixed now.' }), body_id: undefined });
    await espoo.request('DELETE', `/responses/${saved.id}`);
    const entries = (await admin.request('GET', '/audit')).json().items.filter((entry: { action: string }) => entry.action.startsWith('response_'));
    expect(entries.map((entry: { action: string; moderator: string; details: unknown }) => [entry.action, entry.moderator, entry.details])).toEqual([
      ['response_delete', 'esa', { response: saved.id, body: 'espoo' }],
      ['response_edit', 'esa', { response: saved.id, body: 'espoo', fields: ['text_en'] }],
      ['response_create', 'esa', { response: saved.id, body: 'espoo' }],
    ]);
    expect(JSON.stringify(entries)).not.toContain('Korjattu');
  });
});
