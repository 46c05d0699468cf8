/** The Atom feeds: valid RFC 4287 (schema and rules), only published reports, no personal data, links from PUBLIC_BASE_URL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyRecord } from '../../../src/server/storage/repositories/types';
import { assertValidAtomFeed, atomList, atomText } from '../../helpers/atom-validator';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { addModerator, signIn, submitRequest, type ModeratorSession } from '../moderation/moderation-client';

const base = 'https://kerro.example';
const helsinki: BodyRecord = {
  id: 'helsinki',
  jurisdiction_id: 'hel.fi',
  names: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' },
  area: { type: 'Polygon', coordinates: [[[24.9, 60.1], [25.1, 60.1], [25.1, 60.3], [24.9, 60.3], [24.9, 60.1]]] },
  services: ['171', '198'],
  send: { method: 'console' },
};
// Someone's details on every report: none may reach a feed.
const personal = { email: 'maija.resident@example.org', first_name: 'Maija', last_name: 'Meikäläinen', phone: '0401234567' };
const centre = { lat: 60.1699, long: 24.9384 };
// Degrees of latitude per metre on the sphere the radius search uses (storage/geo.ts).
const degreesPerMetre = 180 / Math.PI / 6_371_008.8;
const north = (metres: number) => (centre.lat + metres * degreesPerMetre).toFixed(7);

let t: TestApp;
let session: ModeratorSession;
const ids: Record<'here' | 'inside' | 'outside' | 'waiting', string> = { here: '', inside: '', outside: '', waiting: '' };

async function report(lat: string, description: string, title: string): Promise<string> {
  return submitRequest(t, { ...personal, lat, long: String(centre.long), description, title });
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: base });
  await t.repositories.bodies.importAll([helsinki]);
  await addModerator(t, 'maija', 'correct horse battery');
  session = await signIn(t);
  ids.here = await report(String(centre.lat), 'A deep pothole in front of the school gate.', 'School gate pothole');
  t.clock.now += 60_000;
  ids.inside = await report(north(999), 'Pothole 999 metres north.', 'North pothole');
  t.clock.now += 60_000;
  ids.outside = await report(north(1001), 'Pothole 1001 metres north.', 'Far pothole');
  t.clock.now += 60_000;
  ids.waiting = await report(String(centre.lat), 'Not yet looked at by a moderator.', 'Waiting');
  for (const id of [ids.here, ids.inside, ids.outside]) {
    t.clock.now += 60_000;
    await session.request('POST', `/requests/${id}/publish`);
  }
  t.clock.now += 3_600_000;
  await session.request('POST', `/requests/${ids.here}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'Work starts on Monday.' });
}, 60_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const entryLinks = (entries: Record<string, unknown>[]) => entries.map((entry) => String(atomList(entry.link)[0]!['@_href']));

function expectNoPersonalData(body: string) {
  for (const value of Object.values(personal)) expect(body).not.toContain(value);
  expect(body).not.toContain('Not yet looked at');
}

describe('the area feed', () => {
  const url = `/feeds/area.atom?lat=${centre.lat}&long=${centre.long}&radius=1000`;

  it('is valid Atom holding the published reports within the radius, newest first, and nothing personal', async () => {
    const response = await get(url, { host: 'localhost' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const { entries, links, feed } = await assertValidAtomFeed(response.body);
    // 999 m in, 1001 m out; the unpublished one at the very centre is not there.
    expect(entryLinks(entries)).toEqual([`${base}/requests/${ids.inside}`, `${base}/requests/${ids.here}`]);
    expect(atomText(entries[0]!.title)).toBe('Potholes: North pothole');
    expect(atomText(entries[1]!.summary)).toContain('A deep pothole in front of the school gate.');
    expect(atomText(entries[1]!['georss:point'])).toBe(`${centre.lat} ${centre.long}`);
    // The self link is PUBLIC_BASE_URL's, whatever Host the caller used.
    expect(links.self).toBe(`${base}/feeds/area.atom?lat=60.1699&long=24.9384&radius=1000`);
    expect(links.alternate).toBe(`${base}/?near=60.1699%2C24.9384&radius=1000`);
    expect(atomText(feed.title)).toBe('Reports within 1000 m of 60.1699, 24.9384');
    expectNoPersonalData(response.body);
  });

  it('takes the radius as a bound both ways: 1002 m takes in the report 1001 m away, 998 m leaves out the one 999 m away', async () => {
    const wide = await assertValidAtomFeed((await get(`/feeds/area.atom?lat=${centre.lat}&long=${centre.long}&radius=1002`)).body);
    expect(entryLinks(wide.entries)).toEqual([ids.outside, ids.inside, ids.here].map((id) => `${base}/requests/${id}`));
    const narrow = await assertValidAtomFeed((await get(`/feeds/area.atom?lat=${centre.lat}&long=${centre.long}&radius=998`)).body);
    expect(entryLinks(narrow.entries)).toEqual([`${base}/requests/${ids.here}`]);
  });

  it('defaults the radius to 1000 m, titles in ?locale=, and is empty (still valid) where nothing is', async () => {
    const fi = await assertValidAtomFeed((await get(`/feeds/area.atom?lat=${centre.lat}&long=${centre.long}&locale=fi`)).body);
    expect(fi.entries).toHaveLength(2);
    expect(atomText(fi.feed.title)).toBe('Ilmoitukset 1000 metrin säteellä pisteestä 60.1699, 24.9384');
    expect(fi.links.self).toBe(`${base}/feeds/area.atom?lat=60.1699&long=24.9384&radius=1000&locale=fi`);
    expect(atomText(fi.entries[0]!.title)).toBe('Katujen kunto: North pothole');
    const empty = await assertValidAtomFeed((await get('/feeds/area.atom?lat=61.5&long=23.8&radius=5000')).body);
    expect(empty.entries).toEqual([]);
  });

  it('answers 304 to its ETag and compresses', async () => {
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['', 'lat is required'],
    [`?lat=${centre.lat}`, 'long is required'],
    [`?lat=91&long=24`, 'lat must be a decimal number from -90 to 90'],
    [`?lat=60&long=24&radius=0`, 'radius must be metres from 1 to 5000'],
    [`?lat=60&long=24&radius=5001`, 'radius must be metres from 1 to 5000'],
    [`?lat=sixty&long=24&radius=500`, 'lat must be a decimal number'],
  ])('refuses area.atom%s with 400 saying what to fix', async (query, message) => {
    const response = await get(`/feeds/area.atom${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain(message);
  });
});

describe('the body feed', () => {
  it("holds the body's published reports and names the body", async () => {
    const response = await get('/feeds/bodies/helsinki.atom?locale=sv');
    expect(response.statusCode).toBe(200);
    const { entries, links, feed } = await assertValidAtomFeed(response.body);
    expect(entryLinks(entries)).toEqual([ids.outside, ids.inside, ids.here].map((id) => `${base}/requests/${id}`));
    expect(atomText(feed.title)).toBe('Anmälningar till Helsingfors stad');
    expect(links.self).toBe(`${base}/feeds/bodies/helsinki.atom?locale=sv`);
    expect(links.alternate).toBe(`${base}/?jurisdiction=hel.fi`);
    expectNoPersonalData(response.body);
  });

  it('answers 404 for a body there is not', async () => {
    const response = await get('/feeds/bodies/espoo.atom');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('No such body: espoo');
  });
});

describe("a report's feed", () => {
  it('has one entry per public history entry, newest first, each linking to the report', async () => {
    const response = await get(`/feeds/requests/${ids.here}.atom`);
    expect(response.statusCode).toBe(200);
    const { entries, links, entryIds } = await assertValidAtomFeed(response.body);
    expect(entries.map((entry) => [atomText(entry.title), atomText(entry.summary)])).toEqual([
      ['Status changed: Being handled', 'Work starts on Monday.'],
      ['Published on the map', 'Status: Received'],
      ['Report received', 'Status: Received'],
    ]);
    expect(entryIds).toEqual([2, 1, 0].map((index) => `${base}/requests/${ids.here}#history-${index}`));
    expect(new Set(entryLinks(entries))).toEqual(new Set([`${base}/requests/${ids.here}`]));
    expect(links.self).toBe(`${base}/feeds/requests/${ids.here}.atom`);
    expectNoPersonalData(response.body);
  });

  it('answers 404 for a report not published and for one there is not, alike', async () => {
    for (const id of [ids.waiting, 'no-such-report']) {
      const response = await get(`/feeds/requests/${id}.atom`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('No published report');
    }
  });

  it('answers an unknown feed path with a plain 404 naming the feeds', async () => {
    const response = await get('/feeds/everything.rss');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('/feeds/area.atom');
  });
});

describe('the validator', () => {
  it("refuses what breaks RFC 4287's schema or its rules", async () => {
    const valid = (await get(`/feeds/requests/${ids.here}.atom`)).body;
    await expect(assertValidAtomFeed(valid.replace(/<updated>[^<]*<\/updated>/, '<updated>yesterday</updated>'))).rejects.toThrow(/schema/);
    await expect(assertValidAtomFeed(valid.replace(/<author>.*?<\/author>/, ''))).rejects.toThrow(/has no author/);
    await expect(assertValidAtomFeed(valid.replace(/#history-1</, '#history-2<'))).rejects.toThrow(/not unique/);
  });
});
