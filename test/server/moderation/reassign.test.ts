/**
 * With bodies, a moderator who moves a report or files it under another type hands it to the body
 * responsible for the new place or type, by the same rule as a new report; a place or type no body
 * there handles is refused, and nothing changes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import type { BodyRecord } from '../../../src/server/storage/repositories/bodies';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { signIn, submitRequest, type ModeratorSession } from './moderation-client';

const password = 'correct horse battery';
let t: TestApp;
let espooModerator: ModeratorSession;
let admin: ModeratorSession;

/** A square body, west to east from `west`, handling `services`. */
const body = (id: string, name: string, west: number, services: string[]): BodyRecord => ({
  id,
  jurisdiction_id: `${id}.fi`,
  names: { fi: `${name} fi`, sv: `${name} sv`, en: `${name} en` },
  area: { type: 'Polygon', coordinates: [[[west, 60], [west + 0.1, 60], [west + 0.1, 60.1], [west, 60.1], [west, 60]]] },
  services,
  send: { method: 'console' },
});

const stored = (id: string) =>
  t.sql.get<{ body_id: string | null; agency_responsible: string; lat: number; long: number; service_code: string; locale: string }>(
    'SELECT body_id, agency_responsible, lat, long, service_code, locale FROM service_requests WHERE service_request_id = ?',
    id,
  );

const reportAt = (long: number, serviceCode = '171') => submitRequest(t, { lat: '60.05', long: String(long), service_code: serviceCode });

beforeEach(async () => {
  t = await createTestApp();
  await t.repositories.bodies.importAll([body('espoo', 'Espoo', 24.0, ['171', '198']), body('vantaa', 'Vantaa', 24.1, ['171'])]);
  const passwordHash = await lightPasswordHash(password);
  await t.repositories.moderation.createModerator('esa', passwordHash, t.clock.now, ['espoo']);
  await t.repositories.moderation.createModerator('aino', passwordHash, t.clock.now, []);
  espooModerator = await signIn(t, 'esa', password);
  admin = await signIn(t, 'aino', password);
}, 30_000);
afterEach(() => t.close());

describe('a moderator’s change that gives a report another body', () => {
  it('moving a report into another body’s area hands it to that body, named in the report’s language, and audits it', async () => {
    const id = await reportAt(24.05);
    expect((await stored(id))?.body_id).toBe('espoo');
    const moved = await espooModerator.request('POST', `/requests/${id}/location`, { lat: 60.05, long: 24.15 });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await stored(id);
    expect(after).toMatchObject({ body_id: 'vantaa', lat: 60.05, long: 24.15 });
    expect(after!.agency_responsible).toBe(`Vantaa ${after!.locale.slice(0, 2)}`);
    // It left the Espoo moderator's bodies: no longer theirs to see, and they are told where it went.
    const gone = await espooModerator.request('GET', `/requests/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toEqual({ code: 'moved', message: `service request ${id} was moved to Vantaa en, whose moderators handle it now`, moved_to: 'Vantaa en' });
    expect((await espooModerator.request('GET', `/requests/${id}?locale=fi`)).json().error.moved_to).toBe('Vantaa fi');
    const audit = (await admin.request('GET', `/requests/${id}`)).json().audit as { action: string; details: Record<string, unknown> }[];
    expect(audit.find((entry) => entry.action === 'move')?.details).toMatchObject({ body: { from: 'espoo', to: 'vantaa' } });
  });

  it('a report of another body that never was theirs stays absent to a moderator, moved or not', async () => {
    const vantaas = await reportAt(24.15);
    expect((await espooModerator.request('GET', `/requests/${vantaas}`)).json().error.code).toBe('not_found');
    // Moved within Vantaa by an administrator: still nothing to say to Espoo.
    expect((await admin.request('POST', `/requests/${vantaas}/location`, { lat: 60.06, long: 24.16 })).statusCode).toBe(200);
    expect((await espooModerator.request('GET', `/requests/${vantaas}`)).json().error).toEqual({ code: 'not_found', message: `service request ${vantaas} not found` });
  });

  it('moving a report within its body’s area keeps its body', async () => {
    const id = await reportAt(24.05);
    expect((await espooModerator.request('POST', `/requests/${id}/location`, { lat: 60.06, long: 24.06 })).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ body_id: 'espoo', lat: 60.06, long: 24.06 });
  });

  it('a place outside every area, or where the body does not handle the type, is refused by code and changes nothing', async () => {
    const id = await reportAt(24.05, '198');
    const outside = await espooModerator.request('POST', `/requests/${id}/location`, { lat: 61.5, long: 24.05 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toEqual([expect.objectContaining({ field: 'lat', code: 'outside_every_area' })]);
    expect(outside.json().error.message).toContain('no body handles reports at lat 61.5, long 24.05');
    // Vantaa does not handle type 198.
    const notHandled = await espooModerator.request('POST', `/requests/${id}/location`, { lat: 60.05, long: 24.15 });
    expect(notHandled.statusCode).toBe(400);
    expect(notHandled.json().error.fields).toEqual([expect.objectContaining({ field: 'lat', code: 'type_not_handled_here' })]);
    expect(notHandled.json().error.message).toContain('Vantaa en (vantaa.fi) does not handle service type 198');
    expect(await stored(id)).toMatchObject({ body_id: 'espoo', lat: 60.05, long: 24.05, service_code: '198' });
  });

  it('a type change is checked against the body at the report’s place', async () => {
    const inVantaa = await reportAt(24.15);
    const refused = await admin.request('POST', `/requests/${inVantaa}/service-type`, { service_code: '198' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual([expect.objectContaining({ field: 'service_code', code: 'type_not_handled_here' })]);
    expect(await stored(inVantaa)).toMatchObject({ body_id: 'vantaa', service_code: '171' });
    const inEspoo = await reportAt(24.05);
    expect((await espooModerator.request('POST', `/requests/${inEspoo}/service-type`, { service_code: '198' })).statusCode).toBe(200);
    expect(await stored(inEspoo)).toMatchObject({ body_id: 'espoo', service_code: '198' });
  });
});
