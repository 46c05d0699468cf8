/** The browser's update through the proxy: the key added, a vouched address never taken from the browser, its own rate limit. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { makeJpeg } from '../../helpers/images';
import { multipartBody, urlencoded } from '../georeport/form';
import { submitRequest } from '../moderation/moderation-client';
import { signInResident } from './resident-client';

let t: TestApp;
let id: string;
beforeAll(async () => {
  t = await createTestApp({ PROXY_POSTS_PER_MINUTE: '3' });
  id = await submitRequest(t, { email: 'reporter@example.org' });
  await publish(t, id);
});
afterAll(() => t.close());

const url = () => `/proxy/open311/v1/requests/${id}/updates.json`;
const descriptions = (response: { json(): unknown }) => (response.json() as { description: string }[]).map((error) => error.description);

it('adds the proxy\'s key, passes a photo on from the spool, and refuses a state the browser claims for itself', async () => {
  const body = await multipartBody({ description: 'Still there this morning.', api_key: 'made-up' }, [
    { name: 'media', fileName: 'now.jpg', type: 'image/jpeg', data: await makeJpeg(40, 30) },
  ]);
  const posted = await t.app.inject({ method: 'POST', url: url(), remoteAddress: '192.0.2.1', ...body });
  expect(posted.statusCode).toBe(200);
  const updateId = (posted.json() as { update_id: string }[])[0]!.update_id;
  const row = await t.sql.get<{ media_file: string | null; state: string | null }>('SELECT media_file, state FROM resident_updates WHERE id = ?', updateId);
  expect(row?.media_file).toMatch(/\.jpg$/);

  // No resident is signed in: a verified_email from the browser is dropped, never believed.
  const claimed = await t.app.inject({
    method: 'POST',
    url: url(),
    remoteAddress: '192.0.2.1',
    ...urlencoded({ description: 'It is fixed now, thanks.', state: 'fixed', verified_email: 'reporter@example.org' }),
  });
  expect(claimed.statusCode).toBe(400);
  expect(descriptions(claimed)).toEqual(['state is only for the reporter: sign in with the address you reported with']);
});

it('checks the form with the shared rules before it goes on, and counts its posts apart from reports', async () => {
  const bad = await t.app.inject({ method: 'POST', url: url(), remoteAddress: '192.0.2.2', ...urlencoded({ description: 'short', email: 'nope' }) });
  expect(bad.statusCode).toBe(400);
  expect(descriptions(bad)).toEqual(['description must be at least 10 characters: say what is wrong', 'email must be a valid address such as name@example.org']);
  const unpublished = await submitRequest(t);
  const hidden = await t.app.inject({ method: 'POST', url: `/proxy/open311/v1/requests/${unpublished}/updates.json`, remoteAddress: '192.0.2.2', ...urlencoded({ description: 'Looks worse every day.' }) });
  expect(hidden.statusCode).toBe(404);
  // The third post of this client within the minute is the last allowed; a report is still allowed.
  expect((await t.app.inject({ method: 'POST', url: url(), remoteAddress: '192.0.2.2', ...urlencoded({ description: 'Looks worse every day.' }) })).statusCode).toBe(200);
  const limited = await t.app.inject({ method: 'POST', url: url(), remoteAddress: '192.0.2.2', ...urlencoded({ description: 'Looks worse every day.' }) });
  expect(limited.statusCode).toBe(429);
  const report = await t.app.inject({
    method: 'POST',
    url: '/proxy/open311/v1/requests.json',
    remoteAddress: '192.0.2.2',
    ...urlencoded({ service_code: '171', description: 'Another pothole nearby.', lat: '60.17', long: '24.94' }),
  });
  expect(report.statusCode).toBe(200);
  // Following is its own route and count too.
  const follow = await t.app.inject({ method: 'POST', url: `/proxy/open311/v1/requests/${id}/followers.json`, remoteAddress: '192.0.2.2', ...urlencoded({ email: 'f@example.org' }) });
  expect(follow.statusCode).toBe(202);
});

it('a signed-in resident\'s proven address goes on as verified_email: the reporter may mark it fixed, another resident may not', async () => {
  const reporter = await signInResident(t, 'reporter@example.org');
  const fixed = await t.app.inject({
    method: 'POST',
    url: url(),
    remoteAddress: '192.0.2.3',
    headers: { cookie: reporter, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ description: 'It is fixed now, thanks.', state: 'fixed' }).toString(),
  });
  expect(fixed.statusCode).toBe(200);
  const updateId = (fixed.json() as { update_id: string }[])[0]!.update_id;
  expect((await t.sql.get<{ state: string | null }>('SELECT state FROM resident_updates WHERE id = ?', updateId))?.state).toBe('fixed');

  const someone = await signInResident(t, 'neighbour@example.org');
  const refused = await t.app.inject({
    method: 'POST',
    url: url(),
    remoteAddress: '192.0.2.4',
    headers: { cookie: someone, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ description: 'It is fixed now, thanks.', state: 'fixed', verified_email: 'reporter@example.org' }).toString(),
  });
  expect(refused.statusCode).toBe(400);
  expect(descriptions(refused)).toEqual(['state is only for the reporter: sign in with the address you reported with']);
});
