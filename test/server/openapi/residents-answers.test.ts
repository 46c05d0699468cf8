import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { submitRequest } from '../moderation/moderation-client';
import { askForLink, asResident, confirm, residentsApi as api, signInEmails, signInResident } from '../residents/resident-client';
import { answerChecker, type OpenApiDocument } from './document-check';

/** Real answers of the residents' API and the bodies read API, held to the OpenAPI document the app serves. */
let t: TestApp;
let document: OpenApiDocument;
/** Checks an answer against the document and records `METHOD path status`, so each test can say which answers it held. */
let check: (...args: Parameters<ReturnType<typeof answerChecker>>) => void;
const held: string[] = [];
const crossSite = { origin: 'https://evil.example' };

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject('/api/schema/')).json<OpenApiDocument>();
  const checkAnswer = answerChecker(document);
  check = (method, path, answer, contentType) => {
    checkAnswer(method, path, answer, contentType);
    held.push(`${method} ${path.replace(api, '')} ${answer.statusCode}`);
  };
  const box = [[24.7, 60.0], [25.2, 60.0], [25.2, 60.4], [24.7, 60.4], [24.7, 60.0]];
  await t.store.bodies.importAll([
    { id: 'helsinki', jurisdiction_id: 'helsinki', names: { fi: 'Helsinki', sv: 'Helsingfors', en: 'Helsinki' }, area: { type: 'Polygon', coordinates: [box] }, services: ['171'], send: { method: 'console' } },
  ]);
}, 30_000);

beforeEach(() => {
  held.length = 0;
});
afterAll(() => t?.close());

describe("the residents' answers match the document", () => {
  it('signing in and out, and the session either way', async () => {
    check('POST', `${api}/sign-in`, await askForLink(t, 'aino@example.org'));
    check('POST', `${api}/sign-in`, await askForLink(t, 'not an address'));
    check('POST', `${api}/sign-in`, await askForLink(t, 'aino@example.org', {}, crossSite));
    for (let ask = 0; ask < 5; ask += 1) await askForLink(t, 'limit@example.org');
    check('POST', `${api}/sign-in`, await askForLink(t, 'limit@example.org'));

    const [email] = await signInEmails(t);
    const confirmed = await confirm(t, email!.token);
    check('POST', `${api}/sign-in/confirm`, confirmed);
    check('POST', `${api}/sign-in/confirm`, await confirm(t, email!.token));
    check('POST', `${api}/sign-in/confirm`, await confirm(t, 'short'));

    check('GET', `${api}/session`, await t.app.inject(`${api}/session`));
    const cookie = await signInResident(t, 'aino@example.org');
    check('GET', `${api}/session`, await asResident(t, cookie, 'GET', '/session'));
    check('POST', `${api}/sign-out`, await asResident(t, cookie, 'POST', '/sign-out'), 'none');
    check('POST', `${api}/sign-out`, await t.app.inject({ method: 'POST', url: `${api}/sign-out`, headers: crossSite }));
    expect(held.splice(0)).toEqual([
      'POST /sign-in 202', 'POST /sign-in 400', 'POST /sign-in 403', 'POST /sign-in 429',
      'POST /sign-in/confirm 200', 'POST /sign-in/confirm 400', 'POST /sign-in/confirm 400',
      'GET /session 200', 'GET /session 200', 'POST /sign-out 204', 'POST /sign-out 403',
    ]);
  });

  it('what a resident sees of their own, their settings and their alerts', async () => {
    const reported = await submitRequest(t, { email: 'eeva@example.org', first_name: 'Eeva', last_name: 'Example', title: 'Pothole by the school' });
    await publish(t, reported);
    await submitRequest(t, { email: 'eeva@example.org', description: 'A pending report, not public yet.' });
    const cookie = await signInResident(t, 'eeva@example.org');
    const point = { kind: 'point', lat: 60.1699, long: 24.9384, radius_m: 500, frequency: 'daily', email: 'eeva@example.org' };
    check('POST', `${api}/alerts`, await asResident(t, cookie, 'POST', '/alerts', point));
    check('POST', `${api}/alerts`, await asResident(t, cookie, 'POST', '/alerts', { kind: 'body', body_id: 'helsinki', frequency: 'immediate', email: 'eeva@example.org', locale: 'en' }));
    check('POST', `${api}/alerts`, await asResident(t, cookie, 'POST', '/alerts', { ...point, radius_m: 300 }));
    check('POST', `${api}/alerts`, await asResident(t, cookie, 'POST', '/alerts', { kind: 'body', body_id: 'nowhere', frequency: 'daily', email: 'eeva@example.org' }));

    const me = await asResident(t, cookie, 'GET', '/me?locale=en');
    expect(me.json().reports).toHaveLength(2);
    expect(me.json().alerts).toHaveLength(2);
    check('GET', `${api}/me`, me);
    check('GET', `${api}/me`, await t.app.inject(`${api}/me`));
    check('GET', `${api}/me`, await asResident(t, cookie, 'GET', `/me?locale=${'x'.repeat(21)}`));

    const alerts = await asResident(t, cookie, 'GET', '/alerts');
    check('GET', `${api}/alerts`, alerts);
    check('GET', `${api}/alerts`, await t.app.inject(`${api}/alerts`));
    const [first, second] = alerts.json().alerts as { id: number }[];
    check('DELETE', `${api}/alerts/{id}`, await asResident(t, cookie, 'DELETE', `/alerts/${first!.id}`), 'none');
    check('DELETE', `${api}/alerts/{id}`, await asResident(t, cookie, 'DELETE', `/alerts/${first!.id}`));
    check('DELETE', `${api}/alerts/{id}`, await t.app.inject({ method: 'DELETE', url: `${api}/alerts/${second!.id}` }));

    check('PUT', `${api}/me/settings`, await asResident(t, cookie, 'PUT', '/me/settings', { reportUpdates: false, removeAlerts: [second!.id] }));
    check('PUT', `${api}/me/settings`, await asResident(t, cookie, 'PUT', '/me/settings', { reportUpdates: 'no' }));
    check('PUT', `${api}/me/settings`, await t.app.inject({ method: 'PUT', url: `${api}/me/settings`, payload: {} }));
    expect(held.splice(0)).toEqual([
      'POST /alerts 202', 'POST /alerts 202', 'POST /alerts 400', 'POST /alerts 400',
      'GET /me 200', 'GET /me 401', 'GET /me 400',
      'GET /alerts 200', 'GET /alerts 401',
      'DELETE /alerts/{id} 204', 'DELETE /alerts/{id} 404', 'DELETE /alerts/{id} 401',
      'PUT /me/settings 200', 'PUT /me/settings 400', 'PUT /me/settings 401',
    ]);
  });
});

describe('the bodies read API matches the document', () => {
  it('every body, the bodies at a point, and a bad point', async () => {
    const all = await t.app.inject('/bodies/v1/bodies.json');
    expect(all.json()).toHaveLength(1);
    check('GET', '/bodies/v1/bodies.json', all);
    check('GET', '/bodies/v1/bodies.json', await t.app.inject('/bodies/v1/bodies.json?lat=60.17&long=24.94'));
    check('GET', '/bodies/v1/bodies.json', await t.app.inject('/bodies/v1/bodies.json?lat=north'));
    check('GET', '/bodies/v1/not-ours.json', await t.app.inject('/bodies/v1/not-ours.json?lat=60.17&long=24.94&locale=fi'));
    check('GET', '/bodies/v1/not-ours.json', await t.app.inject('/bodies/v1/not-ours.json?lat=north'));
    expect(held.splice(0)).toEqual([
      'GET /bodies/v1/bodies.json 200',
      'GET /bodies/v1/bodies.json 200',
      'GET /bodies/v1/bodies.json 400',
      'GET /bodies/v1/not-ours.json 200',
      'GET /bodies/v1/not-ours.json 400',
    ]);
    // The asset layers' answers from a city's service are held to the document in server/assets/asset-layers.test.ts.
    check('GET', '/bodies/v1/asset-layers.json', await t.app.inject('/bodies/v1/asset-layers.json?locale=sv'));
    check('GET', '/bodies/v1/asset-layers/{id}/features.json', await t.app.inject('/bodies/v1/asset-layers/none/features.json?bbox=24.9,60.1,24.91,60.11'));
    check('GET', '/bodies/v1/asset-layers/{id}/features.json', await t.app.inject('/bodies/v1/asset-layers/none/features.json?bbox=north'));
    expect(held.splice(0)).toEqual(['GET /bodies/v1/asset-layers.json 200', 'GET /bodies/v1/asset-layers/{id}/features.json 404', 'GET /bodies/v1/asset-layers/{id}/features.json 400']);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/bodies/v1/'))).toEqual([
      '/bodies/v1/bodies.json',
      '/bodies/v1/not-ours.json',
      '/bodies/v1/asset-layers.json',
      '/bodies/v1/asset-layers/{id}/features.json',
    ]);
  });
});

it('names no one: any email address in the document is an example.org one', () => {
  const addresses = JSON.stringify(document).match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [];
  expect(addresses.filter((address) => !/@example\.org$/.test(address))).toEqual([]);
});
