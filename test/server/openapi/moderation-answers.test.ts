import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { addModerator, api, login, signIn, submitRequest, type ModeratorSession } from '../moderation/moderation-client';
import { answerChecker, type OpenApiDocument } from './document-check';

/** Real answers of the moderation API, held to the OpenAPI document the app serves. */
let t: TestApp;
let check: ReturnType<typeof answerChecker>;
let moderator: ModeratorSession;

beforeAll(async () => {
  t = await createTestApp();
  check = answerChecker((await t.app.inject('/api/schema/')).json<OpenApiDocument>());
  await addModerator(t, 'maija', 'correct horse battery');
  moderator = await signIn(t);
}, 30_000);

afterAll(() => t?.close());

describe('moderation answers match the document', () => {
  it('the session: sign in, read it, wrong password, sign out', async () => {
    check('POST', `${api}/session`, await login(t, 'maija', 'correct horse battery'));
    check('POST', `${api}/session`, await login(t, 'maija', 'wrong'));
    check('POST', `${api}/session`, await t.app.inject({ method: 'POST', url: `${api}/session`, payload: { name: 'maija' } }));
    check('GET', `${api}/session`, await moderator.request('GET', '/session'));
    check('GET', `${api}/session`, await t.app.inject(`${api}/session`));
    const other = await signIn(t);
    check('DELETE', `${api}/session`, await other.request('DELETE', '/session'), 'none');
  });

  it('the queue, lists, one request and every change, and the audit log', async () => {
    const first = await submitRequest(t);
    const second = await submitRequest(t, { title: 'Second' });
    check('GET', `${api}/queue`, await moderator.request('GET', '/queue?limit=5'));
    check('GET', `${api}/queue`, await moderator.request('GET', '/queue?limit=nope'));
    check('GET', `${api}/requests/{id}`, await moderator.request('GET', `/requests/${first}?locale=fi`));
    check('GET', `${api}/requests/{id}`, await moderator.request('GET', '/requests/no-such-request'));
    check('POST', `${api}/requests/{id}/publish`, await moderator.request('POST', `/requests/${first}/publish`));
    check('POST', `${api}/requests/{id}/reject`, await moderator.request('POST', `/requests/${second}/reject`, { reason: 'not_a_problem' }));
    check('PATCH', `${api}/requests/{id}`, await moderator.request('PATCH', `/requests/${first}`, { title: 'Edited title' }));
    check('PATCH', `${api}/requests/{id}`, await moderator.request('PATCH', `/requests/${first}`, { description: 'short' }));
    check('POST', `${api}/requests/{id}/status`, await moderator.request('POST', `/requests/${first}/status`, { detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], status_notes: 'Fixed.' }));
    check('DELETE', `${api}/requests/{id}/media/{position}`, await moderator.request('DELETE', `/requests/${first}/media/0`));
    check('GET', `${api}/requests`, await moderator.request('GET', '/requests?state=published&limit=5'));
    check('GET', `${api}/audit`, await moderator.request('GET', '/audit?limit=10'));
    check('POST', `${api}/bulk`, await moderator.request('POST', '/bulk', { ids: [first, 'no-such-request'], action: 'status', detailed_status: ['IN_PROCESS'] }));
    check('POST', `${api}/bulk`, await moderator.request('POST', '/bulk', { ids: [], action: 'publish' }));
  });

  it("a caller's report recorded, and one refused", async () => {
    const report = { service_code: '171', description: 'A deep pothole by the bus stop.', lat: 60.1699, long: 24.9384, email: 'caller@example.org' };
    check('POST', `${api}/requests`, await moderator.request('POST', '/requests', report));
    check('POST', `${api}/requests`, await moderator.request('POST', '/requests', { ...report, description: 'short' }));
  });

  it('a request with a failed send to its case system, its retry, and a retry with nothing to retry', async () => {
    const id = await submitRequest(t);
    await t.sql.run(
      `INSERT INTO forwards (service_request_id, body_id, method, idempotency_key, created_at, attempts, next_attempt_at, uncertain, failed_at, last_error)
       VALUES (?, 'espoo', 'open311', 'key', ?, 8, ?, 0, ?, 'HTTP 503')`,
      id,
      t.clock.now,
      t.clock.now,
      t.clock.now,
    );
    check('GET', `${api}/requests/{id}`, await moderator.request('GET', `/requests/${id}`));
    check('POST', `${api}/requests/{id}/forward/retry`, await moderator.request('POST', `/requests/${id}/forward/retry`));
    check('POST', `${api}/requests/{id}/forward/retry`, await moderator.request('POST', `/requests/${id}/forward/retry`));
  });

  it('the dashboard and its downloads (issue 41, item 9)', async () => {
    check('GET', `${api}/dashboard`, await moderator.request('GET', '/dashboard?locale=sv'));
    check('GET', `${api}/dashboard`, await moderator.request('GET', '/dashboard?state=lost'));
    check('GET', `${api}/dashboard`, await moderator.request('GET', '/dashboard?from=2026-11-02&to=2026-11-01'));
    check('GET', `${api}/exports/requests.csv`, await moderator.request('GET', '/exports/requests.csv?from=2026-02-30'));
    check('GET', `${api}/exports/updates.csv`, await t.app.inject(`${api}/exports/updates.csv`));
  });

  it('saved responses: list, save, refuse, change, delete and the absent one', async () => {
    const area = { type: 'Polygon' as const, coordinates: [[[20, 65], [20.1, 65], [20.1, 65.1], [20, 65.1], [20, 65]]] };
    await t.repositories.bodies.importAll([{ id: 'north', jurisdiction_id: 'north.fi', names: { fi: 'Pohjoinen', sv: 'Norr', en: 'North' }, area, services: ['171'], send: { method: 'console' } }]);
    const fields = { title: 'Fixed', text_fi: 'Korjattu.', text_sv: 'Åtgärdat.', text_en: 'Fixed.', status: 'PROCESSED' };
    const created = await moderator.request('POST', '/responses', { body_id: 'north', ...fields });
    check('POST', `${api}/responses`, created);
    check('POST', `${api}/responses`, await moderator.request('POST', '/responses', { body_id: 'north', ...fields, text_sv: '' }));
    check('GET', `${api}/responses`, await moderator.request('GET', '/responses?status=PROCESSED'));
    const id = created.json<{ id: number }>().id;
    check('PATCH', `${api}/responses/{id}`, await moderator.request('PATCH', `/responses/${id}`, { ...fields, title: 'Done' }));
    check('DELETE', `${api}/responses/{id}`, await moderator.request('DELETE', `/responses/${id}`), 'none');
    check('DELETE', `${api}/responses/{id}`, await moderator.request('DELETE', `/responses/${id}`));
  });
});
