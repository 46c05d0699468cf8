/** GET tokens/{token}.[format] (issue 40, item 7): a client that asks for the id behind a token gets it, in JSON and XML. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { submitRequest } from '../moderation/moderation-client';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/open311/v1${url}` });

describe('tokens', () => {
  it("answers the request id a POST's token stands for (Kerro's token is the id), before moderation too", async () => {
    const id = await submitRequest(t, { description: 'A deep pothole in front of the school gate.', lat: '60.1699', long: '24.9384' });

    const json = await get(`/tokens/${id}.json`);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual([{ service_request_id: id, token: id }]);

    const xml = await get(`/tokens/${id}.xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^text\/xml/);
    expect(xml.body).toContain(`<service_requests><request><service_request_id>${id}</service_request_id><token>${id}</token></request></service_requests>`);
  });

  it("answers an unknown token with GeoReport's 404 in the format asked for, and shows nothing of another request", async () => {
    const json = await get('/tokens/aaaaaaaaaaaaaaaaaaaa.json');
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual([{ code: 404, description: 'token aaaaaaaaaaaaaaaaaaaa not found' }]);
    const xml = await get('/tokens/aaaaaaaaaaaaaaaaaaaa.xml');
    expect(xml.statusCode).toBe(404);
    expect(xml.body).toContain('<description>token aaaaaaaaaaaaaaaaaaaa not found</description>');
  });
});
