/**
 * A moderator of bodies sees and acts only on their bodies' requests; an administrator (no
 * bodies) on all, and alone on a request that has no body.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import type { BodyRecord } from '../../../src/server/storage/repositories/bodies';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { signIn, submitRequest, type ModeratorSession } from './moderation-client';

const password = 'correct horse battery';
let t: TestApp;
/** Requests by name: two of Espoo, one of Vantaa, one from before bodies. */
let ids: { espoo1: string; espoo2: string; vantaa: string; noBody: string };
let espoo: ModeratorSession;
let vantaa: ModeratorSession;
let admin: ModeratorSession;
/** One scrypt hash for every moderator: each costs a CPU-heavy derivation. */
let passwordHash: string;
beforeAll(async () => {
  passwordHash = await lightPasswordHash(password);
});

async function addModerator(name: string, bodyIds: string[]): Promise<ModeratorSession> {
  await t.repositories.moderation.createModerator(name, passwordHash, t.clock.now, bodyIds);
  return signIn(t, name, password);
}

/** A report through the public API, then assigned to a body as the GeoReport service would. */
async function requestOf(bodyId: string | null, fields: Record<string, string> = {}): Promise<string> {
  const id = await submitRequest(t, fields);
  if (bodyId !== null) await t.sql.run('UPDATE service_requests SET body_id = ? WHERE service_request_id = ?', bodyId, id);
  return id;
}

const body = (id: string, name: string): BodyRecord => ({
  id,
  jurisdiction_id: `${id}.fi`,
  names: { fi: name, sv: `${name} (sv)`, en: `${name} (en)` },
  area: { type: 'Polygon', coordinates: [[[24, 60], [24.1, 60], [24.1, 60.1], [24, 60.1], [24, 60]]] },
  services: ['171'],
  send: { method: 'console' },
});

const idsOf = (response: { json(): { items: { service_request_id: string }[] } }) => response.json().items.map((item) => item.service_request_id).sort();
const moderationOf = async (id: string) =>
  (await t.sql.get<{ moderation: string }>('SELECT moderation FROM service_requests WHERE service_request_id = ?', id))?.moderation;

beforeEach(async () => {
  t = await createTestApp();
  ids = {
    espoo1: await requestOf('espoo', { description: 'A streetlight is out on Otaniementie by the bus stop.' }),
    espoo2: await requestOf('espoo', { description: 'Litter bins overflowing in Leppävaara square.' }),
    vantaa: await requestOf('vantaa', { description: 'A bench is broken in Tikkurila park.' }),
    noBody: await requestOf(null, { description: 'Graffiti on the underpass wall.' }),
  };
  espoo = await addModerator('esa', ['espoo']);
  vantaa = await addModerator('veera', ['vantaa']);
  admin = await addModerator('aino', []);
  // Three sign-ins (scrypt each) and four reports: more than the default hook time on a busy machine.
}, 30_000);
afterEach(() => t.close());

describe('the moderation API scoped to a moderator’s bodies', () => {
  it('the queue and its total hold only the moderator’s bodies’ requests; an administrator’s hold all', async () => {
    const espooQueue = await espoo.request('GET', '/queue');
    expect(idsOf(espooQueue)).toEqual([ids.espoo1, ids.espoo2].sort());
    expect(espooQueue.json().total).toBe(2);
    const vantaaQueue = await vantaa.request('GET', '/queue');
    expect(idsOf(vantaaQueue)).toEqual([ids.vantaa]);
    expect(vantaaQueue.json().total).toBe(1);
    const adminQueue = await admin.request('GET', '/queue');
    expect(idsOf(adminQueue)).toEqual(Object.values(ids).sort());
    expect(adminQueue.json().total).toBe(4);
    // Another body's request is no place to page from.
    expect((await espoo.request('GET', `/queue?after=${ids.vantaa}`)).statusCode).toBe(400);
  });

  it('the lists of published and rejected requests are scoped the same way', async () => {
    expect((await admin.request('POST', `/requests/${ids.espoo1}/publish`)).statusCode).toBe(200);
    expect((await admin.request('POST', `/requests/${ids.vantaa}/publish`)).statusCode).toBe(200);
    expect(idsOf(await espoo.request('GET', '/requests?state=published'))).toEqual([ids.espoo1]);
    expect(idsOf(await vantaa.request('GET', '/requests?state=published'))).toEqual([ids.vantaa]);
    expect(idsOf(await admin.request('GET', '/requests?state=published'))).toEqual([ids.espoo1, ids.vantaa].sort());
  });

  it('reviewing another body’s request, or one with no body, answers 404 exactly as for a request that does not exist', async () => {
    const absent = await espoo.request('GET', '/requests/no-such-request');
    for (const id of [ids.vantaa, ids.noBody]) {
      const response = await espoo.request('GET', `/requests/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { ...absent.json().error, message: `service request ${id} not found` } });
    }
    expect((await espoo.request('GET', `/requests/${ids.espoo1}`)).statusCode).toBe(200);
    expect((await admin.request('GET', `/requests/${ids.noBody}`)).statusCode).toBe(200);
  });

  it('every change to another body’s request is refused as if it did not exist, and changes nothing', async () => {
    const attempts = [
      ['POST', `/requests/${ids.vantaa}/publish`, undefined],
      ['POST', `/requests/${ids.vantaa}/reject`, { reason: 'not_a_problem' }],
      ['POST', `/requests/${ids.vantaa}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'on it' }],
      ['PATCH', `/requests/${ids.vantaa}`, { description: 'Rewritten by a moderator of another body.' }],
      ['POST', `/requests/${ids.vantaa}/location`, { lat: 60.2, long: 24.9 }],
      ['POST', `/requests/${ids.noBody}/publish`, undefined],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const response = await espoo.request(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect(await moderationOf(ids.vantaa)).toBe('pending');
    expect(await moderationOf(ids.noBody)).toBe('pending');
    const described = await t.sql.get<{ description: string }>('SELECT description FROM service_requests WHERE service_request_id = ?', ids.vantaa);
    expect(described?.description).toBe('A bench is broken in Tikkurila park.');
    expect(await t.repositories.moderation.listAudit({ limit: 50, serviceRequestId: ids.vantaa })).toEqual([]);
    // Its own body's requests it changes.
    expect((await espoo.request('POST', `/requests/${ids.espoo1}/publish`)).statusCode).toBe(200);
    expect(await moderationOf(ids.espoo1)).toBe('published');
  });

  it('a duplicate mark needs both requests in the moderator’s bodies: an original of another body is answered as absent', async () => {
    // Originals must be published (a pending one's id would open its unmoderated text: duplicates.test.ts).
    await espoo.request('POST', `/requests/${ids.espoo1}/publish`);
    await vantaa.request('POST', `/requests/${ids.vantaa}/publish`);
    const across = await espoo.request('POST', `/requests/${ids.espoo2}/duplicate`, { original: ids.vantaa });
    expect(across.statusCode).toBe(404);
    expect(across.json().error.message).toBe(`service request ${ids.vantaa} not found; give the id of the original report`);
    expect(await moderationOf(ids.espoo2)).toBe('pending');
    expect((await vantaa.request('POST', `/requests/${ids.espoo2}/duplicate`, { original: ids.vantaa })).statusCode).toBe(404);
    expect(await moderationOf(ids.espoo2)).toBe('pending');
    expect((await espoo.request('POST', `/requests/${ids.espoo2}/duplicate`, { original: ids.espoo1 })).statusCode).toBe(200);
    expect(await moderationOf(ids.espoo2)).toBe('rejected');
  });

  it('likely duplicates name only requests the moderator may see', async () => {
    const text = 'A deep pothole on Kauppakatu in front of the library.';
    const inEspoo = await requestOf('espoo', { description: text });
    const inVantaa = await requestOf('vantaa', { description: text });
    const marksOf = async (session: ModeratorSession) =>
      (await session.request('GET', `/requests/${inEspoo}`)).json().likely_duplicates.map((mark: { service_request_id: string }) => mark.service_request_id);
    expect(await marksOf(admin)).toEqual([inVantaa]);
    expect(await marksOf(espoo)).toEqual([]);
  });

  it('the audit log shows a moderator of bodies only their bodies’ requests’ entries; an administrator every entry', async () => {
    await admin.request('POST', `/requests/${ids.vantaa}/publish`);
    await admin.request('POST', `/requests/${ids.noBody}/publish`);
    await espoo.request('POST', `/requests/${ids.espoo1}/publish`);
    const entriesOf = async (session: ModeratorSession) =>
      ((await session.request('GET', '/audit')).json().items as { action: string; service_request_id: string | null }[]).map((entry) => [entry.action, entry.service_request_id]);
    expect(await entriesOf(espoo)).toEqual([['publish', ids.espoo1]]);
    expect(await entriesOf(vantaa)).toEqual([['publish', ids.vantaa]]);
    const all = await entriesOf(admin);
    expect(all.slice(0, 3)).toEqual([['publish', ids.espoo1], ['publish', ids.noBody], ['publish', ids.vantaa]]);
    expect(all.filter(([action]) => action === 'sign_in')).toHaveLength(3);
  });

  it('a change of bodies applies to a moderator already signed in, at their next request', async () => {
    await t.repositories.moderation.setModeratorBodies('esa', ['vantaa']);
    expect(idsOf(await espoo.request('GET', '/queue'))).toEqual([ids.vantaa]);
    await t.repositories.moderation.setModeratorBodies('esa', []);
    expect((await espoo.request('GET', '/queue')).json().total).toBe(4);
  });

  it('the session names the moderator’s bodies in every language; an administrator’s has none', async () => {
    await t.repositories.bodies.importAll([body('espoo', 'Espoon kaupunki')]);
    const session = (await espoo.request('GET', '/session')).json();
    expect(session.bodies).toEqual([{ id: 'espoo', names: { fi: 'Espoon kaupunki', sv: 'Espoon kaupunki (sv)', en: 'Espoon kaupunki (en)' } }]);
    expect((await admin.request('GET', '/session')).json().bodies).toEqual([]);
    // A body since removed is named by its id, and still limits what the moderator sees.
    expect((await vantaa.request('GET', '/session')).json().bodies).toEqual([{ id: 'vantaa', names: { fi: 'vantaa', sv: 'vantaa', en: 'vantaa' } }]);
  });
});
