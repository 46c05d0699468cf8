import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyRecord } from '../../../src/server/storage/repositories/types';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

/** A square area around a point, `half` degrees each way (longitude first, ring closed). */
const square = (lat: number, long: number, half: number): BodyRecord['area'] => ({
  type: 'Polygon',
  coordinates: [[[long - half, lat - half], [long + half, lat - half], [long + half, lat + half], [long - half, lat + half], [long - half, lat - half]]],
});

const secret = 'sekret-open311-key-4711';
const espoo: BodyRecord = {
  id: 'espoo',
  jurisdiction_id: 'espoo.fi',
  names: { fi: 'Espoon kaupunki', sv: 'Esbo stad', en: 'City of Espoo' },
  area: square(60.2, 24.7, 0.1),
  services: ['171', '198'],
  send: { method: 'open311', endpoint: 'https://espoo.invalid/open311', api_key: secret },
};
// Inside Espoo's square, as Kauniainen is inside Espoo's outer ring.
const kauniainen: BodyRecord = {
  id: 'kauniainen',
  jurisdiction_id: 'kauniainen.fi',
  names: { fi: 'Kauniaisten kaupunki', sv: 'Grankulla stad', en: 'City of Kauniainen' },
  area: square(60.21, 24.73, 0.01),
  services: ['900'],
  send: { method: 'console' },
};
const helsinki: BodyRecord = {
  id: 'helsinki',
  jurisdiction_id: 'hel.fi',
  names: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' },
  area: square(60.2, 25.0, 0.1),
  services: ['171'],
  send: { method: 'console' },
};

const wire = (body: BodyRecord) => ({ id: body.id, jurisdiction_id: body.jurisdiction_id, name: body.names, services: body.services });

describe('with no bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers [] for the list and for any point, directly and through the proxy', async () => {
    for (const url of ['/bodies/v1/bodies.json', '/bodies/v1/bodies.json?lat=60.2&long=24.7', '/proxy/bodies/v1/bodies.json', '/proxy/bodies/v1/bodies.json?lat=60.2&long=24.7']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(response.json(), url).toEqual([]);
    }
  });
});

describe('with bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The GeoReport upstream is a city's own URL: the bodies are still this installation's.
    t = await createTestApp({ OPEN311_URL: 'http://georeport.invalid/open311/v1', OPEN311_API_KEY: 'city-key' });
    await t.repositories.bodies.importAll([espoo, kauniainen, helsinki]);
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject(url);
    return { status: response.statusCode, body: response.json(), text: response.body, headers: response.headers };
  };

  it('lists every body by id with its names and services, never its area or how its reports are sent', async () => {
    for (const prefix of ['/bodies/v1', '/proxy/bodies/v1']) {
      const { status, body, text } = await get(`${prefix}/bodies.json`);
      expect(status).toBe(200);
      expect(body).toEqual([wire(espoo), wire(helsinki), wire(kauniainen)]);
      expect(text).not.toContain(secret);
      expect(text).not.toContain('open311');
      expect(text).not.toContain('coordinates');
    }
  });

  it('answers the bodies covering a point, the most specific first', async () => {
    expect((await get('/proxy/bodies/v1/bodies.json?lat=60.21&long=24.73')).body).toEqual([wire(kauniainen), wire(espoo)]);
    expect((await get('/proxy/bodies/v1/bodies.json?lat=60.15&long=24.65')).body).toEqual([wire(espoo)]);
    expect((await get('/proxy/bodies/v1/bodies.json?lat=60.25&long=25.05')).body).toEqual([wire(helsinki)]);
    // The sea between nowhere and anywhere: covered by none.
    expect((await get('/proxy/bodies/v1/bodies.json?lat=59.5&long=24.8')).body).toEqual([]);
  });

  it('refuses a bad point with GeoReport error records saying what to fix', async () => {
    const bad = await get('/proxy/bodies/v1/bodies.json?lat=91&long=east');
    expect(bad.status).toBe(400);
    expect(bad.body.map((error: { description: string }) => error.description)).toEqual([
      'lat must be a decimal number from -90 to 90',
      'long must be a decimal number from -180 to 180',
    ]);
    const alone = await get('/bodies/v1/bodies.json?lat=60.2');
    expect(alone.status).toBe(400);
    expect(alone.body).toEqual([{ code: 400, description: 'lat and long must be sent together' }]);
  });

  it('answers an unknown path under the API with a GeoReport 404, not the web app', async () => {
    const { status, body } = await get('/proxy/bodies/v1/nothing.json');
    expect(status).toBe(404);
    expect(body[0].code).toBe(404);
  });

  it('answers a path no route takes (the bare root), or a method its path does not (a POST through the proxy), with a GeoReport error, as the rest of the API', async () => {
    for (const [method, url, status] of [
      ['GET', '/bodies/v1', 404],
      ['POST', '/proxy/bodies/v1/bodies.json', 405],
      ['GET', '/PROXY/BODIES/V1', 404],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { accept: 'application/json' } });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expect(response.json(), `${method} ${url}: ${response.body}`).toEqual([{ code: status, description: expect.any(String) }]);
    }
    const xml = await t.app.inject({ method: 'POST', url: '/proxy/bodies/v1/bodies.xml' });
    expect(xml.headers['content-type']).toMatch(/^text\/xml/);
    expect(xml.headers.allow).toBe('GET, HEAD');
    expect(xml.body).toContain('<code>405</code>');
  });

  it('gives an ETag and a 304 through the proxy while the bodies are unchanged', async () => {
    const first = await t.app.inject('/proxy/bodies/v1/bodies.json');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/proxy/bodies/v1/bodies.json', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
  });
});
