/**
 * The Idempotency-Key header on POST requests.{format} of the GeoReport service, for any client
 * that sends it (IETF HTTPAPI draft): a repeat gets the first answer (no second row, no second
 * email), another body 422, a repeat while the first runs 409 with Retry-After; keys are scoped by
 * the caller's API key. Two instances on one store answer alike.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { createApiKey } from '../../../src/server/auth/api-keys';
import { loadConfig } from '../../../src/server/config';
import { requestFingerprint, submissionLeaseMs } from '../../../src/server/open311/idempotency';
import { openStore, type Store } from '../../../src/server/storage';
import { createTestApp, startTime, type TestApp } from '../../helpers/georeport-app';
import { makeJpeg } from '../../helpers/images';
import { instanceDyingAfterCommit } from '../../helpers/instance-dying-after-commit';
import { multipartBody, urlencoded, validReport } from './form';

let t: TestApp;
const email = 'resident.once@example.org';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (fields: Record<string, string>, key?: string, format = 'json') => {
  const body = urlencoded({ ...fields, api_key: t.apiKey });
  return t.app.inject({
    method: 'POST',
    url: `/open311/v1/requests.${format}`,
    payload: body.payload,
    headers: { ...body.headers, ...(key === undefined ? {} : { 'idempotency-key': `"${key}"` }) },
  });
};
const rowsDescribed = async (description: string) =>
  Number((await t.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM service_requests WHERE description = ?', description))!.n);
const emailsTo = async (address: string) => Number((await t.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox WHERE to_address = ?', address))!.n);

describe('Idempotency-Key on the GeoReport service', () => {
  it('answers a repeat with the first answer: the same id, one row, one receipt email', async () => {
    const report = { ...validReport, description: 'Sent twice over a bad line, stored once.', email };
    const first = await post(report, 'key-repeat-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(report, 'key-repeat-1');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await rowsDescribed(report.description)).toBe(1);
    expect(await emailsTo(email)).toBe(1);
    // Without the header, the same form is a new report, as before.
    const unkeyed = await post(report);
    expect(unkeyed.json()[0].service_request_id).not.toBe(first.json()[0].service_request_id);
  });

  it('keeps the answer in the format it was asked in; XML repeats get the XML answer', async () => {
    const report = { ...validReport, description: 'An XML client retrying its post.' };
    const first = await post(report, 'key-xml', 'xml');
    expect(first.headers['content-type']).toMatch(/xml/);
    const again = await post(report, 'key-xml', 'xml');
    expect(again.body).toBe(first.body);
    expect(await rowsDescribed(report.description)).toBe(1);
  });

  it('refuses the key with another body: 422 as a GeoReport error, JSON or XML', async () => {
    await post({ ...validReport, description: 'The first body sent with this key.' }, 'key-other-body');
    const other = await post({ ...validReport, description: 'Another body with the same key.' }, 'key-other-body');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual([{ code: 422, description: expect.stringContaining('Idempotency-Key was already used for a different request') }]);
    expect(await rowsDescribed('Another body with the same key.')).toBe(0);
    // The path (its format) is part of the request too.
    const xml = await post({ ...validReport, description: 'The first body sent with this key.' }, 'key-other-body', 'xml');
    expect(xml.statusCode).toBe(422);
    expect(xml.body).toContain('<errors><error><code>422</code>');
  });

  it('tells photos apart by their content', async () => {
    const send = async (photo: Buffer) => {
      const body = await multipartBody({ ...validReport, description: 'A report with one photo, retried.', api_key: t.apiKey }, [{ fileName: 'a.jpg', type: 'image/jpeg', data: photo }]);
      return t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', payload: body.payload, headers: { ...body.headers, 'idempotency-key': '"key-photo"' } });
    };
    const photo = await makeJpeg(40, 30);
    const first = await send(photo);
    expect(first.statusCode, first.body).toBe(200);
    expect((await send(photo)).body).toBe(first.body);
    expect((await send(await makeJpeg(41, 30))).statusCode).toBe(422);
    expect(await rowsDescribed('A report with one photo, retried.')).toBe(1);
  });

  it('answers 409 with Retry-After while the first request with the key is still running', async () => {
    const fields = { ...validReport, description: 'Its first try is still being stored.' };
    // The first try, caught mid-run: its claim is in the store, its answer not yet.
    const fingerprint = await requestFingerprint(
      { method: 'POST', url: '/open311/v1/requests.json' } as FastifyRequest,
      { fields: { ...fields, api_key: t.apiKey }, files: [] },
      new Set(['api_key']),
    );
    const scope = `api-key:${createHash('sha256').update(t.apiKey).digest('hex')}`;
    await t.store.idempotencyKeys.claim({ scope, key: 'key-running', fingerprint, now: t.clock.now, leaseMs: 60_000 });
    const repeat = await post(fields, 'key-running');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.headers['retry-after']).toBe('2');
    expect(repeat.json()[0].description).toContain('still being processed');
    expect(await rowsDescribed(fields.description)).toBe(0);
  });

  it('scopes keys by API key: another caller with the same key makes its own report', async () => {
    const { key: otherApiKey } = await createApiKey(t.repositories.apiKeys, 'another client', startTime);
    const report = { ...validReport, description: 'Two clients who happen to pick one key.' };
    const mine = await post(report, 'key-shared');
    const body = urlencoded({ ...report, api_key: otherApiKey });
    const theirs = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', payload: body.payload, headers: { ...body.headers, 'idempotency-key': '"key-shared"' } });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()[0].service_request_id).not.toBe(mine.json()[0].service_request_id);
    expect(await rowsDescribed(report.description)).toBe(2);
  });

  it('frees the key after a refusal, so the corrected form goes with the same key', async () => {
    const refused = await post({ ...validReport, description: 'short' }, 'key-corrected');
    expect(refused.statusCode).toBe(400);
    const corrected = await post({ ...validReport, description: 'Long enough now that it was corrected.' }, 'key-corrected');
    expect(corrected.statusCode).toBe(200);
  });

  it('refuses a malformed key with a 400 saying what to send', async () => {
    const response = await post(validReport, 'has space');
    expect(response.statusCode).toBe(400);
    expect(response.json()[0].description).toContain('Idempotency-Key header must be 1 to 255 visible ASCII characters');
  });
});

describe('two instances on one store', () => {
  let second: { app: Awaited<ReturnType<typeof buildApp>>; store: Store };
  beforeAll(async () => {
    const config = loadConfig({ ...t.env, DEMO_DATA: 'false', PUBLIC_BASE_URL: 'http://kerro.test' });
    const store = await openStore(config);
    second = { app: await buildApp({ config, store, now: () => t.clock.now, logger: false }), store };
  });
  afterAll(async () => {
    await second.app.close();
    await second.store.close();
  });

  it('a retry after an instance died between the report\'s commit and recording the key finds the report, even after the claim expired', async () => {
    const report = { ...validReport, description: 'Stored just before its instance died.', email: 'crash.once@example.org' };
    const body = urlencoded({ ...report, api_key: t.apiKey });
    const dying = await instanceDyingAfterCommit(t);
    try {
      const lost = await dying.app.inject({ method: 'POST', url: '/open311/v1/requests.json', payload: body.payload, headers: { ...body.headers, 'idempotency-key': '"key-crash"' } });
      // The GeoReport spec's general error: the caller learns nothing of the report.
      expect(lost.statusCode).toBe(400);
      expect(lost.json()[0].description).toContain('could not process the request');
    } finally {
      await dying.close();
    }
    expect(await rowsDescribed(report.description)).toBe(1);
    // Long after the claim's lease, when a claim left running would be taken over.
    t.clock.now += submissionLeaseMs(t.config) + 1;
    const retry = await post(report, 'key-crash');
    expect(retry.statusCode, retry.body).toBe(200);
    const [stored] = await t.sql.all<{ service_request_id: string }>('SELECT service_request_id FROM service_requests WHERE description = ?', report.description);
    expect(retry.json()).toEqual([{ service_request_id: stored!.service_request_id, service_notice: '' }]);
    expect(await rowsDescribed(report.description)).toBe(1);
    expect(await emailsTo(report.email)).toBe(1);
  });

  it('a repeat sent to the other instance gets the first answer; nothing is stored twice', async () => {
    const report = { ...validReport, description: 'Retried through another instance.', email: 'two.instances@example.org' };
    const first = await post(report, 'key-two-instances');
    const body = urlencoded({ ...report, api_key: t.apiKey });
    const again = await second.app.inject({ method: 'POST', url: '/open311/v1/requests.json', payload: body.payload, headers: { ...body.headers, 'idempotency-key': '"key-two-instances"' } });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await rowsDescribed(report.description)).toBe(1);
    expect(await emailsTo('two.instances@example.org')).toBe(1);
  });
});
