/**
 * The dashboard (issue 41, item 9): counts by type, state, month and week, the median and 90th
 * percentile of the times to publish and to close (the last close after a reopen), open, overdue
 * and reopened counts, within the moderator's bodies and the filter. Runs on both engines
 * (server-postgres): the filter and the flagged counts are SQL.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, startTime, testServiceTypes, type TestApp } from '../../helpers/georeport-app';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import { signIn, submitRequest, type ModeratorSession } from './moderation-client';

const hour = 3_600_000;
const day = 24 * hour;
const password = 'correct horse battery';
let passwordHash: string;
let t: TestApp;
let espoo: ModeratorSession;
let admin: ModeratorSession;
let ids: Record<string, string>;

beforeAll(async () => {
  passwordHash = await lightPasswordHash(password);
});

let spot = 0;
async function report(bodyId: string, serviceCode = '171'): Promise<string> {
  spot += 1;
  const id = await submitRequest(t, { service_code: serviceCode, description: `Report number ${spot} with enough words.`, lat: (60.17 + spot * 0.002).toFixed(4), long: '24.9384' });
  await t.sql.run('UPDATE service_requests SET body_id = ? WHERE service_request_id = ?', bodyId, id);
  return id;
}

async function as(session: ModeratorSession, method: 'POST', url: string, body?: unknown) {
  const response = await session.request(method, url, body);
  expect(response.statusCode, response.body).toBe(200);
}

const at = async (ms: number) => {
  t.clock.now = startTime + ms;
};

async function dashboard(session: ModeratorSession, query = '') {
  const response = await session.request('GET', `/dashboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeEach(async () => {
  t = await createTestApp();
  await t.store.serviceTypes.upsert({ ...testServiceTypes[0]!, target_days: 7 });
  await t.repositories.moderation.createModerator('esa', passwordHash, t.clock.now, ['espoo']);
  await t.repositories.moderation.createModerator('aino', passwordHash, t.clock.now, []);
  espoo = await signIn(t, 'esa', password);
  admin = await signIn(t, 'aino', password);
  // Made on Friday 20 November 2026 at 14:00 in Helsinki; the rejected one on Monday 30 November.
  ids = { closed: await report('espoo'), open: await report('espoo'), pending: await report('espoo', '198'), vantaa: await report('vantaa') };
  await at(1 * hour);
  await as(espoo, 'POST', `/requests/${ids.closed}/publish`);
  await at(3 * hour);
  await as(espoo, 'POST', `/requests/${ids.open}/publish`);
  await as(admin, 'POST', `/requests/${ids.vantaa}/publish`);
  await at(4 * hour);
  await as(espoo, 'POST', `/requests/${ids.closed}/status`, { detailed_status: ['PROCESSED'] });
  // Reopened and closed again: the time to close counts to the last close.
  await at(5 * hour);
  await as(espoo, 'POST', `/requests/${ids.closed}/status`, { detailed_status: ['IN_PROCESS'] });
  await at(9 * hour);
  await as(espoo, 'POST', `/requests/${ids.closed}/status`, { detailed_status: ['PROCESSED'] });
  await at(10 * day);
  // Sessions last less than these ten days: sign in again.
  espoo = await signIn(t, 'esa', password);
  admin = await signIn(t, 'aino', password);
  ids.rejected = await report('espoo');
  await as(espoo, 'POST', `/requests/${ids.rejected}/reject`, { reason: 'not_a_problem' });
}, 60_000);
afterEach(() => t.close());

describe('the dashboard', () => {
  it('counts a moderator’s bodies’ reports by type, state, month and week, with the times to publish and close', async () => {
    const figures = await dashboard(espoo, '?locale=en');
    expect(figures.total).toBe(4);
    expect(figures.by_state).toEqual({ pending: 1, open: 1, closed: 1, rejected: 1 });
    expect(figures.by_service_code.map((entry: { service_code: string; count: number }) => [entry.service_code, entry.count])).toEqual([['171', 3], ['198', 1]]);
    expect(figures.by_service_code[0].service_name).toBe(testServiceTypes[0]!.translations.en!.service_name);
    expect(figures.by_month).toEqual([{ month: '2026-11', count: 4 }]);
    // Every Monday from the first report's week to the last's, the empty one too.
    expect(figures.by_week).toEqual([{ week: '2026-11-16', count: 3 }, { week: '2026-11-23', count: 0 }, { week: '2026-11-30', count: 1 }]);
    expect(figures.time_to_publish).toEqual({ count: 2, median_ms: 1 * hour, p90_ms: 3 * hour });
    expect(figures.time_to_close).toEqual({ count: 1, median_ms: 9 * hour, p90_ms: 9 * hour });
    expect(figures.open).toBe(1);
    // Past the 7-day target and still open: overdue; none reopened by its reporter.
    expect(figures.overdue).toBe(1);
    expect(figures.reopened).toBe(0);
  });

  it('filters by days, type, state and body; an administrator sees every body', async () => {
    expect((await dashboard(espoo, '?state=open')).total).toBe(1);
    expect((await dashboard(espoo, '?service_code=198')).by_state).toEqual({ pending: 1, open: 0, closed: 0, rejected: 0 });
    // 20 November only, in Helsinki's days; then from the 21st.
    expect((await dashboard(espoo, '?from=2026-11-20&to=2026-11-20')).total).toBe(3);
    expect((await dashboard(espoo, '?from=2026-11-21')).total).toBe(1);
    expect((await dashboard(admin)).total).toBe(5);
    const vantaa = await dashboard(admin, '?body=vantaa');
    expect(vantaa.total).toBe(1);
    expect([vantaa.open, vantaa.overdue]).toEqual([1, 1]);
    expect((await dashboard(admin, '?body=vantaa&state=pending')).time_to_publish).toEqual({ count: 0, median_ms: null, p90_ms: null });
  });

  it('refuses another body’s figures and a filter it cannot read, in the moderation API’s format', async () => {
    const other = await espoo.request('GET', '/dashboard?body=vantaa');
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('not_found');
    const bad = await espoo.request('GET', '/dashboard?state=lost&from=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.map((field: { field: string; code: string }) => [field.field, field.code]).sort()).toEqual([
      ['from', 'invalid_date'],
      ['state', 'unknown_value'],
    ]);
    const reversed = await espoo.request('GET', '/dashboard?from=2026-11-21&to=2026-11-20');
    expect(reversed.json().error.fields[0].code).toBe('date_range_reversed');
  });
});
