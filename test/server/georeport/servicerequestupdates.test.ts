/**
 * mySociety's servicerequestupdates extension, Kerro as the server (issue 40, item 8): a
 * FixMyStreet-style client posts a report, posts its residents' updates, and reads every public
 * change since a time, in XML and JSON, with the fields and answers open311-adapter gives.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../src/server/auth/api-keys';
import type { TestApp } from '../../helpers/georeport-app';
import { makeJpeg } from '../../helpers/images';
import { stringifyLeaves, xmlToJsonShape } from '../../helpers/xml';
import { appWithModerator, type ModeratorSession } from '../moderation/moderation-client';
import { multipartBody, urlencoded, validReport } from './form';

const hour = 3_600_000;
let t: TestApp;
let session: ModeratorSession;
beforeEach(async () => ({ t, session } = await appWithModerator()));
afterEach(() => t.close());

const reporter = { email: 'reporter@example.org', first_name: 'Reija', last_name: 'Reporter' };
const xml = new XMLParser({ parseTagValue: false });

/** POSTs a urlencoded form as FixMyStreet does (perllib/Open311.pm). */
const postForm = (path: string, fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/open311/v1/${path}`, ...urlencoded(fields) });

/** A report posted in XML, as FixMyStreet posts one, published by a moderator; answers its id. */
async function fmsReport(): Promise<string> {
  const response = await postForm('requests.xml', { ...validReport, ...reporter, api_key: t.apiKey });
  expect(response.statusCode, response.body).toBe(200);
  const id = String(xml.parse(response.body).service_requests.request.service_request_id);
  expect((await session.request('POST', `/requests/${id}/publish`)).statusCode).toBe(200);
  return id;
}

/** FixMyStreet's update fields (Open311.pm's _populate_service_request_update_params). */
const fmsUpdate = (serviceRequestId: string, fields: Record<string, string> = {}) => ({
  api_key: t.apiKey,
  service_request_id: serviceRequestId,
  update_id: '9001',
  updated_datetime: '2026-11-20T14:30:00+02:00',
  status: 'OPEN',
  description: 'Still there, and a second hole has opened next to it.',
  email: 'neighbour@example.org',
  first_name: 'Naapuri',
  last_name: 'Neighbour',
  ...fields,
});

const updateIdOf = (response: { json(): unknown }) => (response.json() as { update_id: string }[])[0]!.update_id;
const storedUpdates = () =>
  t.sql.all<{ id: string; service_request_id: string; text: string; state: string | null; email: string | null; name: string | null; show_name: number; moderation: string; media_file: string | null }>(
    'SELECT * FROM resident_updates ORDER BY created_at, id',
  );
const listed = async (query: string, format: 'json' | 'xml' = 'json') => {
  const response = await t.app.inject({ method: 'GET', url: `/open311/v1/servicerequestupdates.${format}?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return format === 'json' ? (response.json() as Record<string, string>[]) : (xmlToJsonShape(response.body) as Record<string, string>[]);
};
const window = (from: number, to: number) => `start_date=${encodeURIComponent(new Date(from).toISOString())}&end_date=${encodeURIComponent(new Date(to).toISOString())}`;
const descriptions = (response: { json(): unknown }) => (response.json() as { description: string }[]).map((error) => error.description);

describe('a FixMyStreet-style client', () => {
  it('posts a report and an update in XML, and reads the update and a moderator\'s status change back, in XML and JSON alike', async () => {
    const since = t.clock.now;
    const id = await fmsReport();
    t.clock.now += hour;
    const posted = await postForm('servicerequestupdates.xml', fmsUpdate(id));
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.headers['content-type']).toMatch(/^text\/xml/);
    // open311-adapter's answer: <service_request_updates><request_update><update_id>.
    expect(posted.body).toMatch(/<service_request_updates><request_update><update_id>[a-z0-9]{20}<\/update_id><\/request_update><\/service_request_updates>/);
    const updateId = String(xml.parse(posted.body).service_request_updates.request_update.update_id);
    // A resident's update like any other: pending, its poster's name kept back (the extension's default).
    expect(await storedUpdates()).toEqual([
      expect.objectContaining({ id: updateId, service_request_id: id, moderation: 'pending', email: 'neighbour@example.org', name: 'Naapuri Neighbour', show_name: 0, state: null }),
    ]);
    // Pending: not listed yet.
    expect(await listed(window(since, t.clock.now))).toEqual([]);

    t.clock.now += hour;
    expect((await session.request('POST', `/updates/${updateId}/publish`)).statusCode).toBe(200);
    t.clock.now += hour;
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'], status_notes: 'Repairs start on Monday.' });

    const updates = await listed(window(since, t.clock.now));
    expect(updates).toEqual([
      {
        update_id: updateId,
        service_request_id: id,
        status: 'open',
        external_status_code: 'RECEIVED',
        description: 'Still there, and a second hole has opened next to it.',
        updated_datetime: '2026-11-20T16:00:00+02:00',
        media_url: '',
      },
      {
        update_id: expect.stringMatching(/^h\d+$/),
        service_request_id: id,
        status: 'in_progress',
        external_status_code: 'IN_PROCESS,PUBLIC_WORKS_IN_PROGRESS',
        description: 'Repairs start on Monday.',
        updated_datetime: '2026-11-20T17:00:00+02:00',
        media_url: '',
      },
    ]);
    // The same listing in XML: <service_request_updates>, one <request_update> each.
    const inXml = await t.app.inject({ method: 'GET', url: `/open311/v1/servicerequestupdates.xml?${window(since, t.clock.now)}` });
    expect(inXml.headers['content-type']).toMatch(/^text\/xml/);
    expect(inXml.body).toContain('<service_request_updates><request_update><update_id>');
    expect(xmlToJsonShape(inXml.body)).toEqual(stringifyLeaves(updates));
    // The update's id is the one the POST answered, so the client knows it as its own.
    expect(updates[0]!.update_id).toBe(updateId);
  });

  it('posts in JSON: [{"update_id": …}]; the same update_id_ext (or update_id) and key answer the first update_id again and store nothing more', async () => {
    const id = await fmsReport();
    const first = await postForm('servicerequestupdates.json', fmsUpdate(id, { update_id: '', update_id_ext: 'fms-77' }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.json()).toEqual([{ update_id: expect.stringMatching(/^[a-z0-9]{20}$/) }]);
    const again = await postForm('servicerequestupdates.xml', fmsUpdate(id, { update_id: '', update_id_ext: 'fms-77', description: 'Sent again after a lost answer.' }));
    expect(String(xml.parse(again.body).service_request_updates.request_update.update_id)).toBe(updateIdOf(first));
    // update_id, as FixMyStreet sends its own id now, is the same thing.
    const byUpdateId = await postForm('servicerequestupdates.json', fmsUpdate(id, { update_id: 'fms-77' }));
    expect(updateIdOf(byUpdateId)).toBe(updateIdOf(first));
    expect(await storedUpdates()).toHaveLength(1);
    // Another caller's key: its ids are its own.
    const { key: otherKey } = await createApiKey(t.repositories.apiKeys, 'other system', t.clock.now);
    const other = await postForm('servicerequestupdates.json', fmsUpdate(id, { api_key: otherKey, update_id: 'fms-77' }));
    expect(updateIdOf(other)).not.toBe(updateIdOf(first));
    expect(await storedUpdates()).toHaveLength(2);
    // No receipt from Kerro: the posting system speaks to its own residents.
    expect(await t.sql.all("SELECT 1 FROM outbox WHERE to_address = 'neighbour@example.org'")).toEqual([]);
  });

  it('takes FIXED from the reporter as "it is fixed" (closing the report once published) and from anyone else as a plain update', async () => {
    const since = t.clock.now;
    const id = await fmsReport();
    const stranger = updateIdOf(await postForm('servicerequestupdates.json', fmsUpdate(id, { update_id: '1', status: 'FIXED' })));
    const own = updateIdOf(await postForm('servicerequestupdates.json', fmsUpdate(id, { ...reporter, update_id: '2', status: 'fixed', description: 'Fixed this morning, thank you.' })));
    const states = Object.fromEntries((await storedUpdates()).map((row) => [row.id, row.state]));
    expect(states).toEqual({ [stranger]: null, [own]: 'fixed' });

    t.clock.now += hour;
    expect((await session.request('POST', `/updates/${own}/publish`)).statusCode).toBe(200);
    const updates = await listed(window(since, t.clock.now));
    expect(updates.map((update) => [update.update_id, update.status, update.external_status_code])).toEqual([
      [own, 'fixed', 'PROCESSED'],
      [expect.stringMatching(/^h\d+$/), 'fixed', 'PROCESSED'],
    ]);
    // From the reporter, REOPEN on the closed report is "still there".
    const reopen = updateIdOf(await postForm('servicerequestupdates.json', fmsUpdate(id, { ...reporter, update_id: '3', status: 'REOPEN', description: 'It has broken up again.' })));
    expect((await storedUpdates()).find((row) => row.id === reopen)?.state).toBe('still_there');
  });

  it('keeps the first photo uploaded as FixMyStreet uploads one (photo1), and lists it once the update is published', async () => {
    const since = t.clock.now;
    const id = await fmsReport();
    const jpeg = await makeJpeg(64, 48);
    const body = await multipartBody(fmsUpdate(id), [{ name: 'photo1', fileName: '1.0.full.jpeg', type: 'image/jpeg', data: jpeg }]);
    const response = await t.app.inject({ method: 'POST', url: '/open311/v1/servicerequestupdates.json', ...body });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await storedUpdates();
    expect(stored!.media_file).toMatch(/\.jpg$/);
    await session.request('POST', `/updates/${updateIdOf(response)}/publish`);
    const [update] = await listed(window(since, t.clock.now));
    expect(update!.media_url).toBe(`http://kerro.test/media/${stored!.media_file}`);
  });
});

describe('the listing', () => {
  it('never lists a pending or rejected report\'s changes; a duplicate\'s say "duplicate"', async () => {
    const since = t.clock.now;
    const pending = (await postForm('requests.json', { ...validReport, api_key: t.apiKey })).json()[0].service_request_id as string;
    expect((await session.request('POST', `/requests/${pending}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'Looked at before publishing.' })).statusCode).toBe(200);
    const rejected = await fmsReport();
    await session.request('POST', `/requests/${rejected}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'Seen, then hidden.' });
    await session.request('POST', `/requests/${rejected}/reject`, { reason: 'personal_data' });
    const original = await fmsReport();
    const duplicate = await fmsReport();
    expect((await session.request('POST', `/requests/${duplicate}/duplicate`, { original })).statusCode).toBe(200);

    const updates = await listed(window(since, t.clock.now));
    expect(updates.map((update) => [update.service_request_id, update.status])).toEqual([[duplicate, 'duplicate']]);
  });

  it('never shows a poster\'s address or a name kept back, nor a reporter\'s', async () => {
    const since = t.clock.now;
    const id = await fmsReport();
    const posted = await postForm('servicerequestupdates.json', fmsUpdate(id, { ...reporter, email: 'secret.person@example.org', status: 'OPEN' }));
    await session.request('POST', `/updates/${updateIdOf(posted)}/publish`);
    for (const format of ['json', 'xml'] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/open311/v1/servicerequestupdates.${format}?${window(since, t.clock.now)}` });
      expect(response.body).toContain(updateIdOf(posted));
      for (const personal of ['secret.person', 'Reija', 'Reporter', 'reporter@example.org', '@']) expect(response.body).not.toContain(personal);
    }
  });

  it('lists only the changes within [start_date, end_date]; absent, the last two hours', async () => {
    const id = await fmsReport();
    const times: number[] = [];
    for (const note of ['First note.', 'Second note.', 'Third note.']) {
      t.clock.now += hour;
      times.push(t.clock.now);
      await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: note });
    }
    const notes = (updates: Record<string, string>[]) => updates.map((update) => update.description);
    expect(notes(await listed(window(times[0]!, times[1]!)))).toEqual(['First note.', 'Second note.']);
    expect(notes(await listed(window(times[1]! + 1, times[2]!), 'xml'))).toEqual(['Third note.']);
    expect(notes(await listed(`start_date=${encodeURIComponent(new Date(times[2]!).toISOString())}`))).toEqual(['Third note.']);
    // No window: the last two hours, as FixMyStreet asks by default.
    t.clock.now = times[2]! + 30 * 60_000;
    expect(notes(await listed(''))).toEqual(['Second note.', 'Third note.']);
  });

  it('is scoped by jurisdiction_id, as the other methods are', async () => {
    const square = { type: 'Polygon' as const, coordinates: [[[24.6, 60.0], [25.2, 60.0], [25.2, 60.4], [24.6, 60.4], [24.6, 60.0]]] };
    await t.store.bodies.importAll([{ id: 'city', jurisdiction_id: 'city.test', names: { fi: 'Kaupunki', sv: 'Staden', en: 'The City' }, area: square, services: ['171'], send: { method: 'console' } }]);
    const since = t.clock.now;
    const id = await fmsReport();
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'In the city.' });
    expect((await listed(`jurisdiction_id=city.test&${window(since, t.clock.now)}`)).map((update) => update.service_request_id)).toEqual([id]);
    await t.sql.run("UPDATE service_requests SET body_id = NULL WHERE service_request_id = ?", id);
    expect(await listed(`jurisdiction_id=city.test&${window(since, t.clock.now)}`)).toEqual([]);
    expect((await t.app.inject(`/open311/v1/servicerequestupdates.json?jurisdiction_id=elsewhere`)).statusCode).toBe(404);
  });
});

describe('errors, in GeoReport\'s error records and the format asked for', () => {
  it('refuses a POST without a key (403), with missing or bad fields (400, each said), for an unknown or unpublished report (404)', async () => {
    const id = await fmsReport();
    const keyless = await postForm('servicerequestupdates.json', { ...fmsUpdate(id), api_key: '' });
    expect(keyless.statusCode).toBe(403);
    expect(keyless.json()).toEqual([{ code: 403, description: 'api_key is missing: send your API key in the api_key field' }]);
    const keylessXml = await postForm('servicerequestupdates.xml', { ...fmsUpdate(id), api_key: 'wrong' });
    expect(keylessXml.statusCode).toBe(403);
    expect(keylessXml.body).toContain('<errors><error><code>403</code><description>api_key is invalid or revoked');

    const missing = await postForm('servicerequestupdates.json', { api_key: t.apiKey });
    expect(missing.statusCode).toBe(400);
    expect(descriptions(missing)).toEqual([
      'service_request_id is required: the id Kerro answered when the report was posted',
      'update_id_ext (or update_id) is required: your own id for this update, so a repeat is not stored twice',
      expect.stringMatching(/^status is required: one of open, closed, fixed, in_progress, /),
      'updated_datetime is required: when the update was made, a W3C datetime such as 2026-11-01T10:00:00Z',
    ]);
    const bad = await postForm('servicerequestupdates.json', fmsUpdate(id, { status: 'SOLVED', updated_datetime: 'yesterday', public_anonymity_required: 'maybe' }));
    expect(descriptions(bad)).toEqual([
      expect.stringMatching(/^status must be one of open, closed, .* \(any case\); got solved$/),
      'updated_datetime must be a W3C datetime with a zone, such as 2026-11-01T10:00:00Z',
      'public_anonymity_required must be TRUE or FALSE',
    ]);
    // The text is held to a resident's update's rules.
    expect(descriptions(await postForm('servicerequestupdates.json', fmsUpdate(id, { description: 'short' })))).toEqual(['description must be at least 10 characters: say what is wrong']);

    const pending = (await postForm('requests.json', { ...validReport, api_key: t.apiKey })).json()[0].service_request_id as string;
    for (const unknown of ['no-such-request', pending]) {
      const response = await postForm('servicerequestupdates.xml', fmsUpdate(unknown, { update_id: `for-${unknown}` }));
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain(`<description>service_request_id ${unknown} not found</description>`);
    }
    expect(await storedUpdates()).toEqual([]);
  });

  it('refuses a GET window that is not one', async () => {
    const get = (query: string) => t.app.inject(`/open311/v1/servicerequestupdates.json?${query}`);
    expect(descriptions(await get('start_date=yesterday'))).toEqual([
      'start_date must be a W3C datetime with a zone, such as 2026-11-01T00:00:00Z or 2026-11-01T02:00:00+02:00',
    ]);
    expect(descriptions(await get('start_date=2026-11-20T10:00:00Z&end_date=2026-11-20T09:00:00Z'))).toEqual(['end_date must not be before start_date']);
    const tooLong = await get('start_date=2026-01-01T00:00:00Z&end_date=2026-11-20T09:00:00Z');
    expect(tooLong.statusCode).toBe(400);
    expect(descriptions(tooLong)).toEqual(['start_date to end_date may span at most 90 days']);
  });
});
