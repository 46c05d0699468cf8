import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, testServiceTypes, type TestApp } from '../../helpers/georeport-app';
import { findFreePort } from '../../helpers/kerro-server';
import { solid } from '../../helpers/images';
import { createForwardSender } from '../../../src/server/forwarding/forward-sender';
import { createMailLinks } from '../../../src/server/notify/mail-links';
import type { SendSettings } from '../../../src/server/forwarding/senders';
import type { BodyRecord } from '../../../src/server/storage/repositories/types';
import { createSmtpTransport } from '../../../src/server/notify/mail-transport';
import { createOutboxSender } from '../../../src/server/notify/outbox-sender';
import { multipartBody, validReport } from '../georeport/form';
import { addModerator, signIn, type ModeratorSession } from '../moderation/moderation-client';
import { readMail } from '../notify/multipart';
import { startSmtpServer } from '../notify/smtp-test-server';
import { startCaseSystemProxy, startFixedAnswer, startRecordingCaseSystem, startSilent } from './case-system-proxy';

/**
 * The forward sender against a real case system: a second Kerro listening on loopback, whose
 * GeoReport service honours Idempotency-Key; proxies and fixed answers in front of it play the
 * network and the misconfigured systems.
 */
const keyVariable = 'KERRO_TEST_CASE_SYSTEM_KEY';
const reporter = { email: 'aino.virtanen@example.org', first_name: 'Aino', last_name: 'Virtanen', phone: '+358401234567' };

let k: TestApp; // the Kerro that forwards
let caseSystem: TestApp; // the body's case system
let session: ModeratorSession;
const closers: (() => Promise<void>)[] = [];

beforeEach(async () => {
  caseSystem = await createTestApp({}, { listen: true });
  k = await createTestApp({}, { captureLogs: true });
  await addModerator(k, 'maija', 'correct horse battery');
  session = await signIn(k);
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await k.close();
  await caseSystem.close();
});

const endpointAt = (origin: string) => `${origin}/open311/v1`;

async function useBody(send: SendSettings) {
  const body: BodyRecord = {
    id: 'hel',
    jurisdiction_id: 'hel.fi',
    names: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' },
    area: { type: 'Polygon', coordinates: [[[24.8, 60.1], [25.1, 60.1], [25.1, 60.3], [24.8, 60.3], [24.8, 60.1]]] },
    services: ['171'],
    send,
  };
  await k.repositories.bodies.importAll([body]);
}

const open311Body = (origin: string, extra: Record<string, unknown> = {}) => useBody({ method: 'open311', endpoint: endpointAt(origin), api_key_env: keyVariable, ...extra });

/** A report with a photo and the reporter's contacts, published by a moderator: its forward job is queued. */
async function publishedReport(fields: Record<string, string | string[]> = {}): Promise<string> {
  const photo = await solid(64, 32).jpeg().toBuffer();
  const form = await multipartBody({ ...validReport, api_key: k.apiKey, title: 'Pothole at the school gate', ...reporter, ...fields }, [{ fileName: 'pothole.jpg', type: 'image/jpeg', data: photo }]);
  const created = await k.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...form });
  expect(created.statusCode).toBe(200);
  const id = (created.json() as { service_request_id: string }[])[0]!.service_request_id;
  expect((await session.request('POST', `/requests/${id}/publish`)).statusCode).toBe(200);
  return id;
}

const mailFrom = 'Kerro Helsinki <no-reply@kerro.example.org>';

function sender() {
  return createForwardSender({
    repositories: k.store,
    log: k.app.log,
    mail: { links: createMailLinks('secret', 'http://kerro.test'), mailFrom, timeZone: 'Europe/Helsinki' },
    env: { [keyVariable]: caseSystem.apiKey },
    now: () => k.clock.now,
  });
}

const jobOf = async (id: string) => (await k.store.forwards.findFor([id])).get(id)!;
const requestOf = async (id: string) => (await k.store.serviceRequests.find(id))!;
const historyOf = async (id: string) => (await k.store.requestHistory.listFor([id])).get(id) ?? [];
const caseSystemReports = () => caseSystem.store.serviceRequests.query({ moderation: ['pending', 'published', 'rejected'], limit: 100 });
const laterByAnHour = () => {
  k.clock.now += 3_600_000;
};

function expectNoSecretsLogged() {
  const logs = k.logs.join('\n');
  expect(logs).not.toContain(caseSystem.apiKey);
  for (const value of Object.values(reporter)) expect(logs).not.toContain(value);
  expect(logs).not.toContain(validReport.description);
}

describe('forwarding to an open311 case system', () => {
  it('creates the report there once, with its photo and no contact details, and records the id with PUBLIC_WORKS_NEW and a public history entry', async () => {
    await open311Body(caseSystem.baseUrl);
    const id = await publishedReport();
    const forwards = sender();

    expect(await forwards.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await forwards.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    const [remote, ...others] = await caseSystemReports();
    expect(others).toEqual([]);
    expect(remote).toMatchObject({ service_code: '171', description: validReport.description, title: 'Pothole at the school gate', lat: 60.1699, long: 24.9384 });
    expect(remote!.media).toHaveLength(1);
    expect(remote).toMatchObject({ email: null, first_name: null, last_name: null, phone: null });

    const job = await jobOf(id);
    expect(job).toMatchObject({ remote_id: remote!.service_request_id, last_error: null, failed_at: null });
    expect(job.sent_at).toBe(k.clock.now);
    const request = await requestOf(id);
    expect(request.detailed_status).toEqual(['RECEIVED', 'PUBLIC_WORKS_NEW']);
    expect(await historyOf(id)).toContainEqual({ at: k.clock.now, kind: 'forwarded', detailed_status: ['RECEIVED', 'PUBLIC_WORKS_NEW'], note: '' });
    expectNoSecretsLogged();
    // The operator reads which body it went to: a body's id is not personal data.
    const forwarded = k.logs.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'forwarded to the case system');
    expect(forwarded).toMatchObject({ serviceRequestId: id, bodyId: 'hel', method: 'open311', remoteId: remote!.service_request_id });
  });

  it('sends the contact fields the body asks for, and only those', async () => {
    await open311Body(caseSystem.baseUrl, { contact_fields: ['email', 'first_name'] });
    await publishedReport();
    expect(await sender().runOnce()).toMatchObject({ sent: 1 });
    const [remote] = await caseSystemReports();
    expect(remote).toMatchObject({ email: reporter.email, first_name: reporter.first_name, last_name: null, phone: null });
  });

  it('recovers a lost answer without a second report: the resend carries the same Idempotency-Key', async () => {
    const proxy = await startCaseSystemProxy(caseSystem.baseUrl, { dropFirstAnswer: true });
    closers.push(proxy.close);
    await open311Body(proxy.url);
    const id = await publishedReport();
    const forwards = sender();

    expect(await forwards.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await (await requestOf(id)).detailed_status).toEqual(['RECEIVED']);
    laterByAnHour();
    expect(await forwards.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });

    const reports = await caseSystemReports();
    expect(reports).toHaveLength(1);
    expect(proxy.posts).toBe(2);
    expect((await jobOf(id)).remote_id).toBe(reports[0]!.service_request_id);
  });

  it('looks the report up before resending to a case system that ignores Idempotency-Key, and takes the id it finds', async () => {
    const proxy = await startCaseSystemProxy(caseSystem.baseUrl, { dropFirstAnswer: true, stripIdempotencyKey: true });
    closers.push(proxy.close);
    await open311Body(proxy.url);
    const id = await publishedReport();
    const forwards = sender();

    expect(await forwards.runOnce()).toMatchObject({ retried: 1 });
    const [remote] = await caseSystemReports();
    // A case system without premoderation lists it at once.
    await caseSystem.sql.run("UPDATE service_requests SET moderation = 'published' WHERE service_request_id = ?", remote!.service_request_id);
    laterByAnHour();
    expect(await forwards.runOnce()).toMatchObject({ sent: 1 });

    expect(proxy.posts).toBe(1);
    expect(await caseSystemReports()).toHaveLength(1);
    expect((await jobOf(id)).remote_id).toBe(remote!.service_request_id);
    expect((await requestOf(id)).detailed_status).toEqual(['RECEIVED', 'PUBLIC_WORKS_NEW']);
  });

  it('retries a 200 answer that is no GeoReport answer, leaving the request untouched', async () => {
    const html = await startFixedAnswer(200, 'text/html', '<html><body>Welcome to the intranet</body></html>');
    closers.push(html.close);
    await open311Body(html.url);
    const id = await publishedReport();
    const before = await requestOf(id);

    expect(await sender().runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });

    const job = await jobOf(id);
    expect(job).toMatchObject({ sent_at: null, failed_at: null, remote_id: null });
    expect(job.last_error).toMatch(/no service_request_id/);
    expect(job.next_attempt_at).toBeGreaterThan(k.clock.now);
    expect(await requestOf(id)).toEqual(before);
    expect((await historyOf(id)).map((event) => event.kind)).not.toContain('forwarded');
  });

  it('gives up on a refusal, keeping the case system\'s description', async () => {
    // The case system asks for an answer Kerro's own type 171 does not: it refuses with 400.
    const pole = testServiceTypes[2]!.attributes[0]!;
    await caseSystem.store.serviceTypes.upsert({ ...testServiceTypes[0]!, attributes: [pole] });
    await open311Body(caseSystem.baseUrl);
    const id = await publishedReport();

    expect(await sender().runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });

    const job = await jobOf(id);
    expect(job.failed_at).toBe(k.clock.now);
    expect(job.last_error).toMatch(/^HTTP 400: .*POLE.* is required: Pole number/);
    expect(await caseSystemReports()).toEqual([]);
    expect((await requestOf(id)).detailed_status).toEqual(['RECEIVED']);
    expectNoSecretsLogged();
  });

  it("keeps the key out of a refusal that quotes it: last_error, the log and the moderator's view", async () => {
    const quoting = await startFixedAnswer(
      403,
      'application/json',
      JSON.stringify([{ code: 403, description: `api_key ${caseSystem.apiKey} is not valid (${encodeURIComponent(caseSystem.apiKey)})` }]),
    );
    closers.push(quoting.close);
    await open311Body(quoting.url);
    const id = await publishedReport();

    expect(await sender().runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });

    const job = await jobOf(id);
    expect(job.last_error).toBe('HTTP 403: api_key [redacted] is not valid ([redacted])');
    expect(JSON.stringify((await session.request('GET', `/requests/${id}`)).json())).not.toContain(caseSystem.apiKey);
    expectNoSecretsLogged();
  });

  it("sends the answers to the type's questions: attribute[CODE], a multi-value list as attribute[CODE][] once per value", async () => {
    // Type 171 asks 900's questions, here and in the case system (which requires POLE).
    const questions = testServiceTypes[2]!.attributes;
    for (const store of [k.store, caseSystem.store]) await store.serviceTypes.upsert({ ...testServiceTypes[0]!, attributes: questions });
    await open311Body(caseSystem.baseUrl);
    await publishedReport({ 'attribute[POLE]': 'P-1234', 'attribute[KIND]': 'dark', 'attribute[EXTRA][]': ['a', 'b'] });

    expect(await sender().runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [remote] = await caseSystemReports();
    expect(remote!.attributes).toEqual({ POLE: 'P-1234', KIND: 'dark', EXTRA: ['a', 'b'] });
  });

  it("speaks the body's wire: ?extensions=, the photos' field name, or the photo as a media_url link", async () => {
    const recording = await startRecordingCaseSystem();
    closers.push(recording.close);
    await useBody({ method: 'open311', endpoint: recording.url, api_key: 'key-of-the-city', extensions: ['citysdk', 'media'], photo_field: 'media' });
    await publishedReport();
    expect(await sender().runOnce()).toMatchObject({ sent: 1 });
    const [uploaded] = recording.posts;
    expect(new URL(uploaded!.url, recording.url).searchParams.get('extensions')).toBe('citysdk,media');
    expect(uploaded!.form.getAll('media')).toHaveLength(1);
    expect(uploaded!.form.getAll('media[]')).toEqual([]);
    expect(uploaded!.form.get('title')).toBe('Pothole at the school gate');

    await useBody({ method: 'open311', endpoint: recording.url, api_key: 'key-of-the-city', photos: 'media_url' });
    const linked = await publishedReport();
    expect(await sender().runOnce()).toMatchObject({ sent: 1 });
    const [photo] = (await requestOf(linked)).media;
    const second = recording.posts[1]!;
    expect(second.form.get('media_url')).toBe(`http://kerro.test/media/${photo!.file_name}`);
    expect(second.form.getAll('media[]')).toEqual([]);
    expect(new URL(second.url, recording.url).searchParams.has('extensions')).toBe(false);
  });

  it("keeps the reason of a refusal in Django REST framework's shape, not only its status", async () => {
    const drf = await startFixedAnswer(400, 'application/json', JSON.stringify({ code: 400, detail: { non_field_errors: ['Service code 180 is invalid'] } }));
    closers.push(drf.close);
    await open311Body(drf.url);
    const id = await publishedReport();

    expect(await sender().runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await jobOf(id)).last_error).toBe('HTTP 400: Service code 180 is invalid');
  });

  it.each([
    [409, { 'retry-after': '120' }, 120_000],
    [409, {}, 0],
    [423, {}, 0],
    [425, { 'retry-after': '30' }, 30_000],
  ])('tries again after %i "still being processed" (%o), not a refusal, and not before its Retry-After', async (status, headers, waitMs) => {
    const busy = await startFixedAnswer(status, 'application/json', JSON.stringify({ detail: 'Still being processed' }), headers);
    closers.push(busy.close);
    await open311Body(busy.url);
    const id = await publishedReport();

    expect(await sender().runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const job = await jobOf(id);
    expect(job).toMatchObject({ failed_at: null, last_error: `HTTP ${status}: Still being processed` });
    expect(job.next_attempt_at).toBeGreaterThanOrEqual(k.clock.now + waitMs);
  });

  it('takes over a send whose sender died mid-send after 90 s (a lookup and a POST within their timeouts), not 5 minutes', async () => {
    // The first sender's POST gets no answer while the test looks: that sender is as good as dead.
    const silent = await startSilent();
    closers.push(silent.close);
    await open311Body(silent.url);
    const id = await publishedReport();
    const dying = sender().runOnce();
    await vi.waitFor(() => expect(silent.requests).toBe(1));
    const leasedAt = k.clock.now;
    expect((await jobOf(id)).locked_until).toBe(leasedAt + 90_000);

    await open311Body(caseSystem.baseUrl);
    const other = sender();
    k.clock.now = leasedAt + 89_000;
    expect(await other.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    k.clock.now = leasedAt + 90_000;
    expect(await other.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await caseSystemReports()).toHaveLength(1);
    // The first sender's POST fails at last; the job it no longer holds stays sent.
    await silent.close();
    await dying;
    expect((await jobOf(id)).sent_at).toBe(leasedAt + 90_000);
  });

  it('retries while the case system is down and sends once when it is up', async () => {
    const port = await findFreePort();
    await open311Body(`http://127.0.0.1:${port}`);
    const id = await publishedReport();
    const forwards = sender();

    expect(await forwards.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await jobOf(id)).last_error).toMatch(/ECONNREFUSED/);

    const proxy = await startCaseSystemProxy(caseSystem.baseUrl, { port });
    closers.push(proxy.close);
    expect(await forwards.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 }); // not due yet
    laterByAnHour();
    expect(await forwards.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(proxy.posts).toBe(1);
    expect(await caseSystemReports()).toHaveLength(1);
  });

  it('retries, saying what to set, while the key\'s environment variable is unset', async () => {
    await open311Body(caseSystem.baseUrl);
    const id = await publishedReport();
    const forwards = createForwardSender({
      repositories: k.store,
      log: k.app.log,
      mail: { links: createMailLinks('secret', 'http://kerro.test'), mailFrom: 'no-reply@kerro.example.org', timeZone: 'Europe/Helsinki' },
      env: {},
      now: () => k.clock.now,
    });
    expect(await forwards.runOnce()).toMatchObject({ retried: 1 });
    expect((await jobOf(id)).last_error).toBe(`no API key: the environment variable ${keyVariable} named by api_key_env is not set`);
    expect(await caseSystemReports()).toEqual([]);
  });
});

describe('forwarding to an email body', () => {
  it('queues one clear message to the department with the report, its place and photos, and nothing of the reporter; the outbox delivers it', async () => {
    const smtp = await startSmtpServer();
    closers.push(() => smtp.close());
    const department = ['katutyot@hel.example', 'rakennusvirasto@hel.example'];
    await useBody({ method: 'email', to: department });
    const id = await publishedReport();
    const forwards = sender();

    expect(await forwards.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await forwards.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const job = await jobOf(id);
    expect(job).toMatchObject({ remote_id: null, sent_at: k.clock.now, failed_at: null });
    expect((await requestOf(id)).detailed_status).toEqual(['RECEIVED', 'PUBLIC_WORKS_NEW']);
    expect((await historyOf(id)).map((event) => event.kind)).toContain('forwarded');

    const outbox = createOutboxSender({ store: k.store.outbox, transport: createSmtpTransport(smtp.url, mailFrom), log: k.app.log, now: () => k.clock.now });
    await outbox.runOnce();
    await outbox.stop();
    const toDepartment = smtp.received.filter((mail) => mail.to.includes(department[0]!));
    expect(toDepartment).toHaveLength(1);
    const [received] = toDepartment;
    expect(received!.to).toEqual(department);
    const mail = readMail(received!.raw);
    expect(mail.headers.get('from')).toBe(mailFrom);
    expect(mail.headers.get('reply-to')).toBeUndefined();
    expect(mail.headers.get('to')).toBe(department.join(', '));
    expect(mail.headers.get('subject')).toBe(`New report: Potholes (${id})`);
    const photo = (await requestOf(id)).media[0]!.file_name;
    for (const part of [mail.plain, mail.html]) {
      for (const value of Object.values(reporter)) expect(part).not.toContain(value);
    }
    expect(mail.plain).toContain(validReport.description);
    expect(mail.plain).toContain('Title: Pothole at the school gate');
    expect(mail.plain).toContain(`Place and status: http://kerro.test/requests/${id}`);
    expect(mail.plain).toContain('Coordinates (WGS 84): 60.1699, 24.9384');
    expect(mail.plain).toContain('https://www.openstreetmap.org/?mlat=60.1699&mlon=24.9384#map=18/60.1699/24.9384');
    expect(mail.plain).toContain(`http://kerro.test/media/${photo}`);
    expect(mail.html).toContain(`<a href="http://kerro.test/requests/${id}">`);
    expect(mail.html).toContain(`<a href="http://kerro.test/media/${photo}">`);
  });
});
