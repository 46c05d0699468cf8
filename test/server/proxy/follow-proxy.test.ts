/** Following through the proxy, as the browser does it: the discovery that says it is offered, the count, the POST. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { discoveryOffersFollowing } from '../../../src/shared/georeport/follow';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { urlencoded } from '../georeport/form';
import { submitRequest } from '../moderation/moderation-client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PROXY_POSTS_PER_MINUTE: '3' }, { listen: true, captureLogs: true });
});
afterAll(() => t.close());

it('the embedded service announces following in its discovery; the proxy passes it on', async () => {
  const discovery = await (await fetch(`${t.baseUrl}/proxy/open311/v1/discovery.json`)).json();
  expect(discoveryOffersFollowing(discovery)).toBe(true);
  expect(discoveryOffersFollowing({ endpoints: [{ specification: 'http://wiki.open311.org/GeoReport_v2' }] })).toBe(false);
  expect(discoveryOffersFollowing(null)).toBe(false);
});

it('forwards a follow with the proxy\'s key, never logs the address, and answers the count', async () => {
  const id = await submitRequest(t);
  await publish(t, id);
  const followed = await fetch(`${t.baseUrl}/proxy/open311/v1/requests/${id}/followers.json`, {
    method: 'POST',
    body: new URLSearchParams({ email: 'pekka.virtanen@example.org', locale: 'fi', api_key: 'made-up' }),
  });
  expect(followed.status).toBe(202);
  expect(await followed.json()).toEqual({ service_request_id: id, status: 'confirmation_sent' });
  const count = await fetch(`${t.baseUrl}/proxy/open311/v1/requests/${id}/followers.json`);
  expect(await count.json()).toEqual({ service_request_id: id, follower_count: 0 }); // not confirmed yet
  expect(t.logs.join('\n')).not.toContain('pekka');

  const bad = await t.app.inject({ method: 'POST', url: `/proxy/open311/v1/requests/${id}/followers.json`, ...urlencoded({ email: 'nope' }) });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()[0].description).toBe('email must be a valid address such as name@example.org');
  const elsewhere = await t.app.inject({ method: 'POST', url: `/proxy/open311/v1/requests/${id}/other.json`, ...urlencoded({ email: 'a@example.org' }) });
  expect(elsewhere.statusCode).toBe(404);
  const limited = await t.app.inject({ method: 'POST', url: `/proxy/open311/v1/requests/${id}/followers.json`, ...urlencoded({ email: 'a@example.org' }) });
  expect(limited.statusCode).toBe(429);
});
