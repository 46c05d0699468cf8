/**
 * The dashboard's downloads (issue 41, item 9): the filtered published reports as CSV and
 * GeoJSON and their public updates as CSV, attachments within the moderator's bodies, with the
 * public fields only. The personal-data walk (robustness/public-personal-data.test.ts) looks for
 * personal values in every export.
 */
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvField } from '../../../src/server/moderation/exports/csv';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import { signIn, submitRequest, type ModeratorSession } from './moderation-client';

const password = 'correct horse battery';
let t: TestApp;
let espoo: ModeratorSession;
let admin: ModeratorSession;
let ids: Record<string, string>;

async function report(bodyId: string, fields: Record<string, string>): Promise<string> {
  const id = await submitRequest(t, { email: 'reporter@example.test', first_name: 'Rauha', last_name: 'Reporter', phone: '+358 40 111 2222', ...fields });
  await t.sql.run('UPDATE service_requests SET body_id = ? WHERE service_request_id = ?', bodyId, id);
  return id;
}

async function download(session: ModeratorSession, file: string, query = '') {
  const response = await session.request('GET', `/exports/${file}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const csvRows = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];

beforeEach(async () => {
  t = await createTestApp();
  const hash = await lightPasswordHash(password);
  await t.repositories.moderation.createModerator('esa', hash, t.clock.now, ['espoo']);
  await t.repositories.moderation.createModerator('aino', hash, t.clock.now, []);
  espoo = await signIn(t, 'esa', password);
  admin = await signIn(t, 'aino', password);
  ids = {
    quoted: await report('espoo', { title: 'Kuoppa, "syvä"', description: '=HYPERLINK("http://evil.test") a pothole\non two lines.', lat: '60.1712', long: '24.9401' }),
    pending: await report('espoo', { description: 'Still waiting in the queue for a moderator.' }),
    vantaa: await report('vantaa', { description: 'A bench is broken in Tikkurila park.' }),
  };
  for (const id of [ids.quoted, ids.vantaa]) expect((await admin.request('POST', `/requests/${id}/publish`)).statusCode).toBe(200);
  t.clock.now += 60_000;
  const closed = await espoo.request('POST', `/requests/${ids.quoted}/status`, { detailed_status: ['PROCESSED'], status_notes: 'Filled on Monday.' });
  expect(closed.statusCode, closed.body).toBe(200);
}, 30_000);
afterEach(() => t.close());

describe('the dashboard’s downloads', () => {
  it('reports as CSV: an attachment, the public fields, RFC 4180 quoting, formulas defused', async () => {
    const response = await download(espoo, 'requests.csv', '?locale=en');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="kerro-requests-2026-11-20\.csv"$/);
    const rows = csvRows(response.body);
    // Published only, and only the moderator's bodies'.
    expect(rows.map((row) => row.service_request_id)).toEqual([ids.quoted]);
    const row = rows[0]!;
    expect(Object.keys(row)).toEqual([
      'service_request_id', 'service_code', 'service_name', 'title', 'description', 'address', 'lat', 'long',
      'body_id', 'body_name', 'state', 'detailed_status', 'created', 'published', 'closed', 'updated', 'url',
    ]);
    expect(row).toMatchObject({ title: 'Kuoppa, "syvä"', description: `'=HYPERLINK("http://evil.test") a pothole\non two lines.`, lat: '60.1712', long: '24.9401' });
    expect(row).toMatchObject({ body_id: 'espoo', state: 'closed', detailed_status: 'PROCESSED', url: `http://kerro.test/requests/${ids.quoted}` });
    expect(row.published).toMatch(/^2026-11-20T\d\d:\d\d:\d\d\+02:00$/);
    expect(row.closed).not.toBe('');
    expect(response.body).not.toMatch(/reporter@example\.test|Rauha|358 40/);
  });

  it('reports as GeoJSON and their public updates as CSV; an administrator’s hold every body’s', async () => {
    const geojson = (await download(admin, 'requests.geojson', '?state=open')).json();
    expect(geojson.type).toBe('FeatureCollection');
    expect(geojson.features.map((feature: { id: string }) => feature.id)).toEqual([ids.vantaa]);
    expect(geojson.features[0].geometry.type).toBe('Point');
    expect(geojson.features[0].properties.state).toBe('open');

    const updates = csvRows((await download(espoo, 'updates.csv')).body);
    expect(updates.map((update) => [update.service_request_id, update.kind, update.status, update.note])).toEqual([
      [ids.quoted, 'published', 'open', ''],
      [ids.quoted, 'status', 'closed', 'Filled on Monday.'],
    ]);
    expect(csvRows((await download(admin, 'updates.csv', '?body=vantaa')).body).map((update) => update.service_request_id)).toEqual([ids.vantaa]);
  });

  it('an empty filter gives the header alone; another body is refused', async () => {
    expect(csvRows((await download(espoo, 'requests.csv', '?from=2030-01-01')).body)).toEqual([]);
    expect((await download(espoo, 'requests.geojson', '?state=pending')).json().features).toEqual([]);
    const other = await espoo.request('GET', '/exports/requests.csv?body=vantaa');
    expect([other.statusCode, other.json().error.code]).toEqual([404, 'not_found']);
  });

  it('quotes a field only when it must', () => {
    expect([csvField('plain'), csvField('a,b'), csvField('say "hi"'), csvField('two\r\nlines'), csvField(null), csvField(-24.5), csvField('-1')]).toEqual([
      'plain', '"a,b"', '"say ""hi"""', '"two\r\nlines"', '', '-24.5', "'-1",
    ]);
  });
});

describe('the dashboard repository', () => {
  it('an empty list of bodies matches no report', async () => {
    const pages = [];
    for await (const page of t.repositories.dashboard.reportPages({ bodyIds: [] }, { pageSize: 10 })) pages.push(page);
    expect(pages).toEqual([]);
    expect(await t.repositories.dashboard.flaggedCounts({ bodyIds: [] }, t.clock.now)).toEqual({ overdue: 0, reopened: 0 });
  });

  it('reads every report in keyset pages, each once, whatever the page size', async () => {
    const made = [];
    for (let n = 0; n < 4; n += 1) made.push(await submitRequest(t, { description: `Report ${n} for the paging check, long enough.` }));
    const pages: string[][] = [];
    for await (const page of t.repositories.dashboard.reportPages({}, { pageSize: 2 })) pages.push(page.map((report) => report.service_request_id));
    // The three of the setup and these four: 2 + 2 + 2 + 1.
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    expect(pages.flat().sort()).toEqual([...Object.values(ids), ...made].sort());
  });
});
