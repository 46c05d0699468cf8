/**
 * Moderators see each report's send to its body's case system (issue 27): pending, sent with the
 * case system's id, or failed with its error; a body's moderator or an administrator puts a
 * failed send back in the queue. Jobs are written as the sender leaves them, straight into the
 * `forwards` table, and read through the real store.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BodyRecord } from '../../../src/server/storage/repositories/types';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { signIn, submitRequest, type ModeratorSession } from './moderation-client';

const password = 'correct horse battery';
const idempotencyKey = 'idem-4f1c2b7e-never-shown';
let passwordHash: string;
let t: TestApp;
let espoo: ModeratorSession;
let vantaa: ModeratorSession;
let admin: ModeratorSession;
let ids: { failed: string; pending: string; sent: string; console: string };

beforeAll(async () => {
  passwordHash = await lightPasswordHash(password);
});

async function addModerator(name: string, bodyIds: string[]): Promise<ModeratorSession> {
  await t.repositories.moderation.createModerator(name, passwordHash, t.clock.now, bodyIds);
  return signIn(t, name, password);
}

async function espooRequest(description: string): Promise<string> {
  const id = await submitRequest(t, { description });
  await t.sql.run('UPDATE service_requests SET body_id = ? WHERE service_request_id = ?', 'espoo', id);
  return id;
}

type Job = { attempts: number; next_attempt_at: number; sent_at?: number; failed_at?: number; last_error?: string; remote_id?: string };
async function addJob(id: string, job: Job): Promise<void> {
  await t.sql.run(
    `INSERT INTO forwards (service_request_id, body_id, method, idempotency_key, created_at, attempts, next_attempt_at, uncertain, sent_at, failed_at, last_error, remote_id)
     VALUES (?, 'espoo', 'open311', ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    id,
    `${idempotencyKey}-${id}`,
    t.clock.now - 60_000,
    job.attempts,
    job.next_attempt_at,
    job.sent_at ?? null,
    job.failed_at ?? null,
    job.last_error ?? null,
    job.remote_id ?? null,
  );
}

beforeEach(async () => {
  t = await createTestApp();
  ids = {
    failed: await espooRequest('A streetlight is out on Otaniementie by the bus stop.'),
    pending: await espooRequest('Litter bins overflowing in Leppävaara square.'),
    sent: await espooRequest('A bench is broken in Tapiola park.'),
    console: await espooRequest('Graffiti on the underpass wall in Matinkylä.'),
  };
  const now = t.clock.now;
  await addJob(ids.failed, { attempts: 8, next_attempt_at: now - 1000, failed_at: now - 1000, last_error: 'HTTP 503 from the case system: Service Unavailable' });
  await addJob(ids.pending, { attempts: 2, next_attempt_at: now + 120_000, last_error: 'connection refused' });
  await addJob(ids.sent, { attempts: 1, next_attempt_at: now - 30_000, sent_at: now - 30_000, remote_id: 'ESP-2026-0042' });
  espoo = await addModerator('esa', ['espoo']);
  vantaa = await addModerator('veera', ['vantaa']);
  admin = await addModerator('aino', []);
}, 30_000);
afterEach(() => t.close());

const forwardOf = async (session: ModeratorSession, id: string) => {
  const response = await session.request('GET', `/requests/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().forward;
};

describe('a request’s send to its body’s case system in the moderation API', () => {
  it('the detail says how the send stands: failed with the error, pending with the next attempt, sent with the remote id; none for a console request', async () => {
    const failed = await forwardOf(espoo, ids.failed);
    expect(failed).toMatchObject({ method: 'open311', state: 'failed', attempts: 8, last_error: 'HTTP 503 from the case system: Service Unavailable', remote_id: null, sent_at: null, next_attempt_at: null });
    const pending = await forwardOf(espoo, ids.pending);
    expect(pending).toMatchObject({ state: 'pending', attempts: 2, last_error: 'connection refused', sent_at: null });
    expect(Date.parse(pending.next_attempt_at)).toBe(t.clock.now + 120_000);
    const sent = await forwardOf(espoo, ids.sent);
    expect(sent).toMatchObject({ state: 'sent', remote_id: 'ESP-2026-0042', next_attempt_at: null });
    expect(Date.parse(sent.sent_at)).toBe(t.clock.now - 30_000);
    expect(await forwardOf(espoo, ids.console)).toBeNull();
  });

  it('the queue’s items carry their sends too, and no answer shows the idempotency key', async () => {
    const queue = await espoo.request('GET', '/queue');
    const states = Object.fromEntries(queue.json().items.map((item: { service_request_id: string; forward: { state: string } | null }) => [item.service_request_id, item.forward?.state ?? null]));
    expect(states).toEqual({ [ids.failed]: 'failed', [ids.pending]: 'pending', [ids.sent]: 'sent', [ids.console]: null });
    expect(queue.body).not.toContain(idempotencyKey);
    expect((await espoo.request('GET', `/requests/${ids.sent}`)).body).not.toContain(idempotencyKey);
  });

  it('the send says whether the body hears a moderator’s note: an open311 body with "updates": "mysociety" does, and a note to it goes; otherwise it does not, and a note is refused', async () => {
    const espooSending = (updates: 'citysdk' | 'mysociety'): BodyRecord => ({
      id: 'espoo',
      jurisdiction_id: 'espoo.test',
      names: { fi: 'Espoo', sv: 'Esbo', en: 'Espoo' },
      area: { type: 'Polygon', coordinates: [[[24.5, 60.1], [24.9, 60.1], [24.9, 60.3], [24.5, 60.3], [24.5, 60.1]]] },
      services: [],
      send: { method: 'open311', endpoint: 'https://cases.espoo.test/open311/v1', api_key: 'espoo-key-never-shown', updates },
    });
    const notesTaken = async () => ({
      sent: (await forwardOf(espoo, ids.sent)).takes_notes,
      pending: (await forwardOf(espoo, ids.pending)).takes_notes,
      failed: (await forwardOf(espoo, ids.failed)).takes_notes,
    });
    const note = (id: string) => espoo.request('POST', `/requests/${id}/case-system-note`, { text: 'Please look at this again.' });

    // No such body stored (as in the tests above): nobody to hear a note.
    expect(await notesTaken()).toEqual({ sent: false, pending: false, failed: false });
    await t.repositories.bodies.importAll([espooSending('citysdk')]);
    expect(await notesTaken()).toEqual({ sent: false, pending: false, failed: false });
    expect((await note(ids.sent)).statusCode).toBe(409);

    await t.repositories.bodies.importAll([espooSending('mysociety')]);
    // The body hears notes; a given-up send still needs its retry first (the note's own 409 says so).
    expect(await notesTaken()).toEqual({ sent: true, pending: true, failed: true });
    const queue = await espoo.request('GET', '/queue');
    const listed = queue.json().items.find((item: { service_request_id: string }) => item.service_request_id === ids.sent);
    expect(listed.forward.takes_notes).toBe(true);
    expect(queue.body).not.toContain('espoo-key-never-shown');
    const noted = await note(ids.sent);
    expect(noted.statusCode).toBe(200);
    expect(noted.json().forward).toMatchObject({ state: 'sent', takes_notes: true });
    expect(await forwardOf(espoo, ids.console)).toBeNull();
  });

  it('the body’s moderator puts a failed send back in the queue, due now with fresh attempts, and the retry is audited', async () => {
    const response = await espoo.request('POST', `/requests/${ids.failed}/forward/retry`);
    expect(response.statusCode).toBe(200);
    expect(response.json().forward).toMatchObject({ state: 'pending', attempts: 0 });
    expect(Date.parse(response.json().forward.next_attempt_at)).toBe(t.clock.now);
    expect(response.json().audit[0]).toMatchObject({ moderator: 'esa', action: 'forward_retry', service_request_id: ids.failed });
    expect(await t.repositories.forwards.listDue(t.clock.now, 10)).toContain(ids.failed);
  });

  it('an administrator may retry too; a send that has not failed is refused with 409 and stays as it was', async () => {
    expect((await admin.request('POST', `/requests/${ids.failed}/forward/retry`)).statusCode).toBe(200);
    for (const id of [ids.pending, ids.sent, ids.console]) {
      const response = await admin.request('POST', `/requests/${id}/forward/retry`);
      expect(response.statusCode, id).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'conflict', message: expect.stringContaining('no failed send to retry') });
    }
    expect((await forwardOf(admin, ids.sent)).state).toBe('sent');
    expect(await t.repositories.moderation.listAudit({ limit: 10, serviceRequestId: ids.sent })).toEqual([]);
  });

  it('another body’s moderator is answered as if the request did not exist, and without the CSRF token nobody retries', async () => {
    const other = await vantaa.request('POST', `/requests/${ids.failed}/forward/retry`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('not_found');
    const withoutToken = await espoo.request('POST', `/requests/${ids.failed}/forward/retry`, undefined, { 'x-csrf-token': '' });
    expect(withoutToken.statusCode).toBe(403);
    expect(withoutToken.json().error.code).toBe('csrf_token_invalid');
    expect((await forwardOf(espoo, ids.failed)).state).toBe('failed');
    expect(await t.repositories.moderation.listAudit({ limit: 10, serviceRequestId: ids.failed })).toEqual([]);
  });
});
