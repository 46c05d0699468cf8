/**
 * A caller's own requests by id (issue 40, item 6): GET requests.{format}?service_request_id=…
 * with the api_key that created them lists them whatever their moderation, so another Kerro (or
 * any client) that forwarded a report follows it while it waits for a moderator. Only that key's,
 * never cached for anyone else.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../src/server/auth/api-keys';
import type { TestApp } from '../../helpers/georeport-app';
import { publish } from '../../helpers/georeport-app';
import { appWithModerator, submitRequest, type ModeratorSession } from '../moderation/moderation-client';

let t: TestApp;
let session: ModeratorSession;
let otherKey: string;
beforeEach(async () => {
  ({ t, session } = await appWithModerator({}, { captureLogs: true }));
  otherKey = (await createApiKey(t.repositories.apiKeys, 'another client', t.clock.now)).key;
});
afterEach(() => t.close());

const description = 'Kuoppa koulun portilla, Matti Meikäläinen 040 123 4567';

async function listById(ids: string[], apiKey?: string, format = 'json') {
  const key = apiKey === undefined ? '' : `&api_key=${encodeURIComponent(apiKey)}`;
  return t.app.inject({ method: 'GET', url: `/open311/v1/requests.${format}?service_request_id=${ids.join(',')}&extensions=true${key}` });
}
const idsOf = (response: { json(): unknown }) => (response.json() as { service_request_id: string }[]).map((item) => item.service_request_id).sort();

describe('requests by id with the api_key that created them', () => {
  it('lists the key’s own pending requests as they are, and nobody else’s', async () => {
    const own = await submitRequest(t, { description });
    const othersPending = await submitRequest(t, { api_key: otherKey, description: 'Another client’s report' });
    const published = await submitRequest(t, { api_key: otherKey });
    await publish(t, published);

    const mine = await listById([own, othersPending, published], t.apiKey);
    expect(mine.statusCode).toBe(200);
    expect(idsOf(mine)).toEqual([own, published].sort());
    const item = (mine.json() as Record<string, unknown>[]).find((entry) => entry.service_request_id === own);
    expect(item).toMatchObject({ status: 'open', description, extended_attributes: { detailed_status: 'RECEIVED' } });
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.body).not.toContain('Another client’s report');

    // The other key sees its own pending one, not this one; no key, or an unknown one, only the published.
    expect(idsOf(await listById([own, othersPending, published], otherKey))).toEqual([othersPending, published].sort());
    expect(idsOf(await listById([own, othersPending, published]))).toEqual([published]);
    expect(idsOf(await listById([own, othersPending, published], 'kerro_not-a-key'))).toEqual([published]);
    // The same in XML.
    const xml = (await listById([own], t.apiKey, 'xml')).body;
    expect(xml).toContain(`<service_request_id>${own}</service_request_id>`);

    // Never in a search without ids, even with the key.
    const search = await t.app.inject({ method: 'GET', url: `/open311/v1/requests.json?api_key=${encodeURIComponent(t.apiKey)}` });
    expect(idsOf(search)).toEqual([published]);
    // The key is never written to the log.
    expect(t.logs.join('\n')).not.toContain(t.apiKey);
  });

  it('shows a rejected one as by id: closed, REJECTED, none of its text', async () => {
    const own = await submitRequest(t, { description });
    expect((await session.request('POST', `/requests/${own}/reject`, { reason: 'personal_data' })).statusCode).toBe(200);
    const answer = await listById([own], t.apiKey);
    expect(answer.json()).toEqual([
      expect.objectContaining({ service_request_id: own, status: 'closed', extended_attributes: expect.objectContaining({ detailed_status: 'REJECTED', content_withheld: true }) }),
    ]);
    expect(answer.body).not.toContain('Matti');
    expect(answer.body).not.toContain('040 123 4567');
  });

  it('is never answered from the shared cache: a revoked key, asking the same thing, sees only what is published', async () => {
    const own = await submitRequest(t);
    expect(idsOf(await listById([own], t.apiKey))).toEqual([own]);
    expect(idsOf(await listById([own], t.apiKey))).toEqual([own]);
    // Revoking a key moves no public change token: only a fresh answer can tell.
    await t.repositories.apiKeys.revoke('test', t.clock.now);
    expect(idsOf(await listById([own], t.apiKey))).toEqual([]);
  });
});
