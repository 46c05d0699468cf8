/**
 * A report a moderator records for a caller (issue 41, item 8): created as a resident's is, the
 * caller's details kept as the reporter's and never public, audited as recorded by staff, the
 * receipt queued to the caller's email.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/georeport-app';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import type { BodyRecord } from '../../../src/server/storage/repositories/bodies';
import { demoServiceTypes } from '../../../src/server/demo/service-types';
import { GPS_IFD_POINTER, jpegWithGpsAndOrientation } from '../../helpers/images';
import { multipartBody } from '../georeport/form';
import { appWithModerator, publicDetail, publicListIds, signIn, type ModeratorSession } from './moderation-client';

let t: TestApp;
let session: ModeratorSession;
beforeEach(async () => ({ t, session } = await appWithModerator()));
afterEach(() => t.close());

const callerReport = {
  service_code: '171',
  description: 'A deep pothole in front of the school gate, the caller says.',
  lat: 60.1699,
  long: 24.9384,
  first_name: 'Aino',
  last_name: 'Virtanen',
  email: 'aino.virtanen@example.org',
  phone: '+358 40 123 4567',
  locale: 'fi',
};

const record = (body: unknown) => session.request('POST', '/requests', body);
const outbox = (t: TestApp) => t.sql.all<{ to_address: string; service_request_id: string; locale: string; subject: string }>('SELECT * FROM outbox ORDER BY id');

describe('POST /moderation/api/requests', () => {
  it('stores the report pending with the caller as its reporter, audits it as recorded by staff and queues the receipt to the caller', async () => {
    const response = await record(callerReport);
    expect(response.statusCode).toBe(201);
    const { service_request_id: id, moderation } = response.json();
    expect(moderation).toBe('pending');

    const detail = (await session.request('GET', `/requests/${id}`)).json();
    expect(detail.moderation).toBe('pending');
    expect(detail.private).toMatchObject({ first_name: 'Aino', last_name: 'Virtanen', email: 'aino.virtanen@example.org', phone: '+358 40 123 4567', locale: 'fi' });
    const entry = detail.audit.find((item: { action: string }) => item.action === 'recorded_by_staff');
    expect(entry).toMatchObject({ moderator: 'maija', details: { email_given: true, phone_given: true, name_given: true } });
    // The audit says how the caller can be reached, never who they are.
    expect(JSON.stringify(detail.audit)).not.toMatch(/Aino|Virtanen|example\.org|123 4567/);

    const mail = await outbox(t);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to_address: 'aino.virtanen@example.org', service_request_id: id, locale: 'fi' });
  });

  it("takes the type's own answers as the residents' form sends them: a required one missing is refused, given it is stored", async () => {
    // The demo's playgrounds (211) ask which equipment: required, several may be chosen.
    await t.repositories.serviceTypes.upsert(demoServiceTypes.find((type) => type.service_code === '211')!);
    const playground = { ...callerReport, service_code: '211', description: 'The swing chain is broken, the caller says.' };

    const refused = await record(playground);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('equipment');

    const response = await record({ ...playground, attributes: { equipment: ['swing', 'slide'] } });
    expect(response.statusCode).toBe(201);
    const detail = (await session.request('GET', `/requests/${response.json().service_request_id}`)).json();
    expect(detail.answers).toEqual([expect.objectContaining({ code: 'equipment', datatype: 'multivaluelist', answers: expect.arrayContaining(['Swing', 'Slide']) })]);
  });

  it('publishes at once when asked, and the caller\'s details stay out of every public answer', async () => {
    const response = await record({ ...callerReport, publish_now: true });
    expect(response.statusCode).toBe(201);
    const { service_request_id: id, moderation } = response.json();
    expect(moderation).toBe('published');
    expect(await publicListIds(t)).toContain(id);
    const actions = (await session.request('GET', `/requests/${id}`)).json().audit.map((item: { action: string }) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['recorded_by_staff', 'publish']));

    const answers = [
      JSON.stringify(await publicDetail(t, id)),
      (await t.app.inject({ method: 'GET', url: '/open311/v1/requests.json?extensions=true' })).body,
      (await t.app.inject({ method: 'GET', url: '/open311/v1/requests.xml' })).body,
    ];
    for (const body of answers) {
      expect(body).toContain(id);
      expect(body).not.toMatch(/Aino|Virtanen|aino\.virtanen|123 4567/);
    }
  });

  it('takes a caller who left no email: nothing is queued, and the audit says so', async () => {
    const { email: _email, ...noEmail } = callerReport;
    const response = await record(noEmail);
    expect(response.statusCode).toBe(201);
    const detail = (await session.request('GET', `/requests/${response.json().service_request_id}`)).json();
    expect(detail.audit.find((item: { action: string }) => item.action === 'recorded_by_staff').details.email_given).toBe(false);
    expect(await outbox(t)).toHaveLength(0);
  });

  it("refuses the residents' invalid input in the moderation API's format, storing nothing", async () => {
    const response = await record({ ...callerReport, email: 'not an address', lat: undefined });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('invalid_input');
    expect(error.fields.map((field: { field: string }) => field.field)).toEqual(expect.arrayContaining(['email']));
    expect(error.message).toMatch(/email must be a valid address/);

    const unknownType = await record({ ...callerReport, service_code: '999' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().error.fields[0]).toMatchObject({ field: 'service_code', code: 'unknown_service_code' });

    const unknownField = await record({ ...callerReport, device_id: 'x' });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().error.message).toMatch(/unknown field device_id/);

    const count = await t.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM service_requests');
    expect(Number(count?.n)).toBe(0);
  });

  describe('with photos (multipart: the report as JSON in the field report, photos as media)', () => {
    const withPhotos = async (report: unknown, photos: { fileName: string; type: string; data: Buffer }[], extra: Record<string, string> = {}) => {
      const body = await multipartBody({ report: JSON.stringify(report), ...extra }, photos.map((photo) => ({ ...photo, name: 'media' })));
      return session.request('POST', '/requests', body.payload, body.headers);
    };

    it("stores the caller's photos as a resident's: re-encoded, without their GPS, shown in the review", async () => {
      const taken = await jpegWithGpsAndOrientation();
      const response = await withPhotos(callerReport, [
        { fileName: 'gate.jpg', type: 'image/jpeg', data: taken },
        { fileName: 'close.jpg', type: 'image/jpeg', data: taken },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const detail = (await session.request('GET', `/requests/${response.json().service_request_id}`)).json();
      expect(detail.media).toHaveLength(2);
      const served = await t.app.inject({ method: 'GET', url: new URL(detail.media[0].url).pathname, headers: { cookie: session.cookie } });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.includes(GPS_IFD_POINTER)).toBe(false);
      expect(detail.private).toMatchObject({ email: 'aino.virtanen@example.org' });
    });

    it('refuses what is not a photo, a missing or broken report field and a field it does not take, storing nothing', async () => {
      const notImage = await withPhotos(callerReport, [{ fileName: 'notes.jpg', type: 'image/jpeg', data: Buffer.from('not a photo at all') }]);
      expect(notImage.statusCode).toBe(400);
      expect(notImage.json().error.message).toMatch(/media\[\] file 1/);

      const broken = await session.request('POST', '/requests', ...(await formOf({ report: '{"service_code":' })));
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error).toMatchObject({ code: 'invalid_input', fields: [expect.objectContaining({ field: 'report' })] });
      expect(broken.json().error.message).toMatch(/report must be JSON/);

      const missing = await session.request('POST', '/requests', ...(await formOf({ description: 'no report field' })));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields[0]).toMatchObject({ field: 'description' });

      const invalid = await withPhotos({ ...callerReport, email: 'not an address' }, []);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.fields.map((field: { field: string }) => field.field)).toContain('email');

      const count = await t.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM service_requests');
      expect(Number(count?.n)).toBe(0);
    });

    const formOf = async (fields: Record<string, string>) => {
      const body = await multipartBody(fields, []);
      return [body.payload, body.headers] as const;
    };
  });

  it('needs the CSRF token like every other change', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/moderation/api/requests', headers: { cookie: session.cookie }, payload: callerReport });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_token_invalid');
  });
});

describe('with bodies', () => {
  const body = (id: string, name: string, west: number): BodyRecord => ({
    id,
    jurisdiction_id: `${id}.fi`,
    names: { fi: `${name} fi`, sv: `${name} sv`, en: `${name} en` },
    area: { type: 'Polygon', coordinates: [[[west, 60], [west + 0.1, 60], [west + 0.1, 60.1], [west, 60.1], [west, 60]]] },
    services: ['171'],
    send: { method: 'console' },
  });
  let espoo: ModeratorSession;
  beforeEach(async () => {
    await t.repositories.bodies.importAll([body('espoo', 'Espoo', 24.0), body('vantaa', 'Vantaa', 24.1)]);
    await t.repositories.moderation.createModerator('esa', await lightPasswordHash('correct horse battery'), t.clock.now, ['espoo']);
    espoo = await signIn(t, 'esa', 'correct horse battery');
  }, 30_000);

  it("a body's moderator records in their own body's area, the report assigned to it as a resident's would be", async () => {
    const response = await espoo.request('POST', '/requests', { ...callerReport, lat: 60.05, long: 24.05 });
    expect(response.statusCode, response.body).toBe(201);
    const stored = await t.sql.get<{ body_id: string }>('SELECT body_id FROM service_requests WHERE service_request_id = ?', response.json().service_request_id);
    expect(stored?.body_id).toBe('espoo');
  });

  it("refuses a place another body handles, storing nothing and emailing no one", async () => {
    const response = await espoo.request('POST', '/requests', { ...callerReport, lat: 60.05, long: 24.15 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/handled by Vantaa fi, which is not one of your bodies/) });
    const count = await t.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM service_requests');
    expect(Number(count?.n)).toBe(0);
    expect(await outbox(t)).toHaveLength(0);
  });
});
