/** Likely duplicates in the queue, "Duplicate of …", moving the pin and changing the type (issue 25, §3). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { textSimilarity } from '../../../src/server/moderation/duplicates';
import type { TestApp } from '../../helpers/georeport-app';
import { urlencoded } from '../georeport/form';
import { pointAt } from '../storage/contract/fixtures';
import { appWithModerator, publicDetail, publicListIds, signIn, submitRequest, type ModeratorSession } from './moderation-client';

let t: TestApp;
let session: ModeratorSession;
beforeEach(async () => ({ t, session } = await appWithModerator({ MAIL_FROM: 'Kerro Helsinki <no-reply@kerro.example.org>' })));
afterEach(() => t.close());

const school = { lat: 60.1699, long: 24.9384 };
const at = (meters: number) => {
  const point = pointAt(school, meters, 45);
  return { lat: point.lat.toFixed(6), long: point.long.toFixed(6) };
};
const day = 86_400_000;

interface Mark {
  service_request_id: string;
  moderation: string;
  summary: string;
  distance_meters: number;
  similarity: number;
  earlier: boolean;
}
type Item = { service_request_id: string; likely_duplicates: Mark[]; duplicate_of: string | null };

async function queue(): Promise<Map<string, Item>> {
  const body = (await session.request('GET', '/queue')).json() as { items: Item[] };
  return new Map(body.items.map((item) => [item.service_request_id, item]));
}

describe('likely duplicates in the queue', () => {
  it('same type, within 50 m and 30 days, similar text: marked both ways with distance and similarity; anything else not', async () => {
    const first = await submitRequest(t, { ...at(0), description: 'Syvä kuoppa pyörätiellä koulun kohdalla.' });
    t.clock.now += day;
    const again = await submitRequest(t, { ...at(20), description: 'Pyörätiellä on syvä kuoppa koulun kohdalla!' });
    const otherText = await submitRequest(t, { ...at(10), description: 'Liikennemerkki on kaatunut nurmikolle.' });
    const otherType = await submitRequest(t, { ...at(10), service_code: '198', description: 'Syvä kuoppa pyörätiellä koulun kohdalla.' });
    const farther = await submitRequest(t, { ...at(80), description: 'Syvä kuoppa pyörätiellä koulun kohdalla.' });
    t.clock.now += 31 * day;
    const later = await submitRequest(t, { ...at(0), description: 'Syvä kuoppa pyörätiellä koulun kohdalla.' });
    session = await signIn(t); // a session lasts hours, not a month

    const items = await queue();
    expect(items.get(first)!.likely_duplicates).toEqual([
      { service_request_id: again, moderation: 'pending', summary: 'Pyörätiellä on syvä kuoppa koulun kohdalla!', distance_meters: 20, similarity: expect.any(Number), earlier: false },
    ]);
    expect(items.get(first)!.likely_duplicates[0]!.similarity).toBeGreaterThanOrEqual(0.4);
    expect(items.get(again)!.likely_duplicates.map((mark) => [mark.service_request_id, mark.earlier])).toEqual([[first, true]]);
    for (const id of [otherText, otherType, farther, later]) expect(items.get(id)!.likely_duplicates).toEqual([]);
  });

  it('a published report is an original too; a rejected one is not', async () => {
    const published = await submitRequest(t, { description: 'Deep pothole on the cycle path by the school.' });
    await session.request('POST', `/requests/${published}/publish`);
    const rejected = await submitRequest(t, { description: 'Deep pothole on the cycle path by the school!' });
    await session.request('POST', `/requests/${rejected}/reject`, { reason: 'abusive' });
    const fresh = await submitRequest(t, { description: 'A deep pothole on the cycle path at the school.' });
    expect((await queue()).get(fresh)!.likely_duplicates.map((mark) => [mark.service_request_id, mark.moderation])).toEqual([[published, 'published']]);
  });

  it('similarity: the share of character trigrams in common, so inflected words still match', () => {
    expect(textSimilarity('Deep pothole on the corner.', 'deep POTHOLE on the corner')).toBe(1);
    expect(textSimilarity('Penkki rikki puistossa', 'Puiston penkki on rikottu')).toBeGreaterThanOrEqual(0.4);
    expect(textSimilarity('Roskakori on täynnä', 'Katuvalo ei pala')).toBeLessThan(0.2);
    expect(textSimilarity('', '')).toBe(0);
  });
});

interface OutboxRow {
  service_request_id: string;
  to_address: string;
  subject: string;
  body_text: string;
}
const outbox = () => t.sql.all<OutboxRow>('SELECT service_request_id, to_address, subject, body_text FROM outbox ORDER BY id');

describe('"Duplicate of …"', () => {
  it('closes and unlists the duplicate, points its page to the original, moves its reporter and followers there (one email each) and audits both', async () => {
    const original = await submitRequest(t, { email: 'first@example.org', title: 'Kuoppa koulun edessä', locale: 'fi' });
    await session.request('POST', `/requests/${original}/publish`);
    const duplicate = await submitRequest(t, { ...at(15), email: 'second@example.org', locale: 'sv' });
    await session.request('POST', `/requests/${duplicate}/publish`);
    const follow = await t.app.inject({
      method: 'POST',
      url: `/open311/v1/requests/${duplicate}/followers.json`,
      ...urlencoded({ api_key: t.apiKey, email: 'pekka@example.org', locale: 'en' }),
    });
    expect(follow.statusCode).toBe(202);
    const confirmLink = /\/mail\/confirm\?token=[^\s]+/.exec((await outbox()).at(-1)!.body_text)![0];
    expect((await t.app.inject({ method: 'POST', url: confirmLink })).statusCode).toBeLessThan(400);
    const before = (await outbox()).length;
    expect(await publicListIds(t)).toEqual(expect.arrayContaining([original, duplicate]));

    const response = await session.request('POST', `/requests/${duplicate}/duplicate`, { original });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ moderation: 'rejected', duplicate_of: original, likely_duplicates: [] });

    expect(await publicListIds(t)).toEqual([original]);
    const page = await publicDetail(t, duplicate);
    expect(page).toMatchObject({
      status: 'closed',
      status_notes: `Duplicate of #${original}. Updates are published there.`,
      description: 'A deep pothole in front of the school gate.',
      extended_attributes: { detailed_status: 'REJECTED', duplicate_of: original },
    });
    const finnish = (await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${duplicate}.xml?extensions=true&locale=fi` })).body;
    expect(finnish).toContain(`<status_notes>Sama asia kuin ilmoituksessa #${original}. Päivitykset julkaistaan siellä.</status_notes>`);
    expect(finnish).toContain(`<duplicate_of>${original}</duplicate_of>`);

    const told = (await outbox()).slice(before);
    expect(told.map((row) => [row.to_address, row.service_request_id, row.subject])).toEqual([
      ['second@example.org', original, 'Anmälan slogs ihop med en annan: Kuoppa koulun edessä'],
      ['pekka@example.org', original, 'Report merged with another: Kuoppa koulun edessä'],
    ]);
    expect(told[1]!.body_text).toContain(`Merged report: Potholes (${duplicate})`);
    expect(told[1]!.body_text).toContain(`http://kerro.test/requests/${original}`);
    // The duplicate's reporter too is told both reports and led to the original.
    expect(told[0]!.body_text).toContain(`(${duplicate})`);
    expect(told[0]!.body_text).toContain(`http://kerro.test/requests/${original}`);
    expect((await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${original}/followers.json` })).json()).toMatchObject({ follower_count: 2 });

    // The original's next public change reaches them; the duplicate's nobody.
    const beforeUpdate = (await outbox()).length;
    await session.request('POST', `/requests/${original}/status`, { detailed_status: ['IN_PROCESS'] });
    expect((await outbox()).slice(beforeUpdate).map((row) => row.to_address)).toEqual(['first@example.org', 'second@example.org', 'pekka@example.org']);

    const audit = (await session.request('GET', '/audit')).json().items as { action: string; service_request_id: string; details: object }[];
    expect(audit.filter((entry) => entry.action.includes('duplicate')).map((entry) => [entry.action, entry.service_request_id, entry.details])).toEqual([
      ['duplicate', duplicate, { original, from: 'published', subscribers_moved: 2 }],
      ['merge_duplicate', original, { duplicate, subscribers_moved: 2 }],
    ]);
  });

  it('refuses itself, an unknown original, a duplicate as original, a pending or rejected original and a second marking, each saying what to do', async () => {
    const original = await submitRequest(t);
    const duplicate = await submitRequest(t, at(5));
    const third = await submitRequest(t, at(5));
    const rejected = await submitRequest(t);
    await session.request('POST', `/requests/${rejected}/reject`, {});

    // A pending original: marking would name it on the duplicate's public page and email its
    // unmoderated title to the duplicate's reporter. Nothing changes, nothing is sent.
    const mailsBefore = (await outbox()).length;
    const ofPending = await session.request('POST', `/requests/${duplicate}/duplicate`, { original });
    expect([ofPending.statusCode, ofPending.json().error.message]).toEqual([409, `${original} is not published yet; publish it first, then mark this one a duplicate of it`]);
    expect((await session.request('GET', `/requests/${duplicate}`)).json()).toMatchObject({ moderation: 'pending', duplicate_of: null });
    expect(await outbox()).toHaveLength(mailsBefore);
    await session.request('POST', `/requests/${original}/publish`);

    const self = await session.request('POST', `/requests/${duplicate}/duplicate`, { original: duplicate });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toEqual([{ field: 'original', message: 'a request cannot be a duplicate of itself', code: 'invalid_id' }]);
    const missingField = await session.request('POST', `/requests/${duplicate}/duplicate`, {});
    expect(missingField.json().error.fields).toEqual([{ field: 'original', message: 'original is required', code: 'required' }]);
    const unknown = await session.request('POST', `/requests/${duplicate}/duplicate`, { original: 'nosuchrequest' });
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, 'service request nosuchrequest not found; give the id of the original report']);
    const ofRejected = await session.request('POST', `/requests/${duplicate}/duplicate`, { original: rejected });
    expect([ofRejected.statusCode, ofRejected.json().error.code]).toEqual([409, 'conflict']);

    expect((await session.request('POST', `/requests/${duplicate}/duplicate`, { original })).statusCode).toBe(200);
    const again = await session.request('POST', `/requests/${duplicate}/duplicate`, { original: third });
    expect([again.statusCode, again.json().error.message]).toEqual([409, `this request is already a duplicate of ${original}`]);
    const chained = await session.request('POST', `/requests/${third}/duplicate`, { original: duplicate });
    expect([chained.statusCode, chained.json().error.message]).toEqual([409, `${duplicate} is itself a duplicate of ${original}; mark this one a duplicate of that`]);
    expect((await session.request('GET', `/requests/${third}`)).json()).toMatchObject({ moderation: 'pending', duplicate_of: null });
  });
});

describe('moving the pin and changing the type', () => {
  it('each changes the public answer and is audited; bad input is refused naming the field', async () => {
    const id = await submitRequest(t);
    const moved = await session.request('POST', `/requests/${id}/location`, { lat: 60.2, long: 24.95 });
    expect(moved.statusCode).toBe(200);
    expect(await publicDetail(t, id)).toMatchObject({ lat: '60.2', long: '24.95' });
    const retyped = await session.request('POST', `/requests/${id}/service-type`, { service_code: '198' });
    expect(retyped.statusCode).toBe(200);
    expect(await publicDetail(t, id)).toMatchObject({ service_code: '198', service_name: 'Traffic signs' });

    const audit = (await session.request('GET', `/requests/${id}`)).json().audit as { action: string; details: object }[];
    expect(audit.map((entry) => [entry.action, entry.details])).toEqual([
      ['service_type', { from: '171', to: '198' }],
      ['move', { from: { lat: 60.1699, long: 24.9384 }, to: { lat: 60.2, long: 24.95 } }],
    ]);

    const far = await session.request('POST', `/requests/${id}/location`, { lat: 91, long: 24.95 });
    expect(far.json().error.fields).toEqual([{ field: 'lat', message: 'lat must be a number from -90 to 90 (WGS84 degrees)', code: 'out_of_range', limit: 90 }]);
    const text = await session.request('POST', `/requests/${id}/location`, { lat: '60.2', long: 24.95 });
    expect(text.json().error.fields).toEqual([{ field: 'lat', message: 'lat must be a number in WGS84 degrees', code: 'not_a_number' }]);
    const unknownType = await session.request('POST', `/requests/${id}/service-type`, { service_code: '404' });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().error.fields).toEqual([{ field: 'service_code', message: 'no service type 404', code: 'unknown_service_code' }]);
    expect((await session.request('GET', `/requests/${id}`)).json().audit).toHaveLength(2);
  });
});
