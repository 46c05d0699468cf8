import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { urlencoded, validReport } from './form';

/**
 * Control characters (NUL among them) are refused in every text a request stores, with a message
 * naming the field: PostgreSQL text cannot hold NUL, and no client means one. Lookups holding NUL
 * find nothing rather than fail, on both backends.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (fields: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...urlencoded({ ...validReport, api_key: t.apiKey, ...fields }) });

describe('control characters', () => {
  it.each(['device_id', 'account_id', 'address_id', 'service_object_id'])('refuses NUL in %s, naming the field', async (field) => {
    const response = await post({ [field]: 'abc\u0000def' });
    expect(response.statusCode).toBe(400);
    expect(response.json()[0].description).toContain(`${field} must not contain control characters`);
    expect(await t.repositories.serviceRequests.count()).toBe(0);
  });

  it('answers lookups holding NUL with nothing found', async () => {
    const byId = await t.app.inject({ method: 'GET', url: '/open311/v1/requests/abc%00def.json' });
    expect(byId.statusCode).toBe(404);
    const listed = await t.app.inject({ method: 'GET', url: '/open311/v1/requests.json?service_request_id=a%00b,c' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([]);
  });
});
