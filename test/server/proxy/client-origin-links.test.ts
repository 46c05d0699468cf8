import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { makeJpeg } from '../../helpers/images';
import { multipartBody, validReport } from '../georeport/form';

/** Links in answers name the origin the client used, also through the proxy (which calls its service at loopback). */
describe('links in answers without PUBLIC_BASE_URL', () => {
  let t: TestApp;
  let port: number;
  let id: string;
  const viaHost = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL: '', ALLOWED_HOSTS: 'localhost,127.0.0.1,public.example' }, { listen: true });
    port = new URL(t.baseUrl).port as unknown as number;
    const body = await multipartBody(validReport, [{ fileName: 'a.jpg', type: 'image/jpeg', data: await makeJpeg(40, 30) }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/proxy/open311/v1/requests.json',
      payload: body.payload,
      headers: { ...body.headers, host: `localhost:${port}` },
    });
    expect(created.statusCode, created.body).toBe(200);
    id = created.json()[0].service_request_id;
    await publish(t, id);
  });
  afterAll(() => t.close());

  it('names the host the browser used through the proxy, never the loopback address the proxy called', async () => {
    for (const host of [`localhost:${port}`, 'public.example']) {
      const detail = await viaHost(host, `/proxy/open311/v1/requests/${id}.json?extensions=true`);
      expect(detail.statusCode, detail.body).toBe(200);
      const [record] = detail.json();
      expect(record.media_url).toMatch(new RegExp(`^http://${host}/media/`));
      expect(record.extended_attributes.media_urls).toHaveLength(1);
      expect(record.extended_attributes.media_urls[0]).toMatch(new RegExp(`^http://${host}/media/`));
      const xml = await viaHost(host, `/proxy/open311/v1/requests/${id}.xml`);
      expect(xml.body).toContain(`http://${host}/media/`);
      expect(xml.body).not.toContain('127.0.0.1');
      const discovery = await viaHost(host, '/proxy/open311/v1/discovery.json');
      expect(discovery.body).toContain(`http://${host}/`);
      expect(discovery.body).not.toContain('127.0.0.1');
    }
  });

  it('names the same host directly', async () => {
    const [record] = (await viaHost('public.example', `/open311/v1/requests/${id}.json`)).json();
    expect(record.media_url).toMatch(/^http:\/\/public\.example\/media\//);
  });

  it('refuses a host not allowed, in each API\'s own error format', async () => {
    const georeport = await viaHost('evil.example', `/proxy/open311/v1/requests/${id}.json`);
    expect(georeport.statusCode).toBe(400);
    expect(georeport.json()[0]).toMatchObject({ code: 400, description: expect.stringContaining('ALLOWED_HOSTS') });
    const xml = await viaHost('evil.example:8080', '/open311/v1/discovery.xml');
    expect(xml.statusCode).toBe(400);
    expect(xml.body).toContain('<errors>');
    const counters = await viaHost('evil.example', '/api/counters/');
    expect(counters.statusCode).toBe(400);
    expect(counters.json()).toEqual({ detail: expect.stringContaining('Host') });
    const moderation = await viaHost('evil.example', '/moderation/api/session');
    expect(moderation.statusCode).toBe(400);
    expect(moderation.json().error.code).toBe('invalid_input');
    const geocoding = await viaHost('evil.example', '/proxy/geocoding/v1/search?text=x');
    expect(geocoding.statusCode).toBe(400);
    expect(geocoding.json().geocoding.errors[0]).toContain('Host');
    const page = await viaHost('evil.example', '/');
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('evil.example');
  });

  it('refuses it as GeoReport wherever a 404 would be GeoReport: /open311/v1/.. arrives as /open311/, and in any case', async () => {
    // Found by the hostile-input walk (seed -1530596700): the refusal was plain text there.
    for (const path of ['/open311/v1/..', '/proxy/open311/v1/..', '/OPEN311/v1/services.json']) {
      const refused = await viaHost('evil.example', path);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json()[0], path).toMatchObject({ code: 400, description: expect.stringContaining('ALLOWED_HOSTS') });
      const missing = await viaHost('localhost', path);
      expect(missing.headers['content-type'], path).toBe(refused.headers['content-type']);
    }
  });
});

describe('the default ALLOWED_HOSTS', () => {
  it('is the listening address, localhost and PUBLIC_BASE_URL\'s host', async () => {
    const t = await createTestApp({ PUBLIC_BASE_URL: 'https://kerro.example.org', HOST: '10.1.2.3' });
    try {
      for (const host of ['localhost:8080', '127.0.0.1', '10.1.2.3:8080', 'kerro.example.org', 'KERRO.example.org:443', '[::1]:8080']) {
        expect((await t.app.inject({ url: '/open311/v1/discovery.json', headers: { host } })).statusCode, host).toBe(200);
      }
      expect((await t.app.inject({ url: '/open311/v1/discovery.json', headers: { host: 'public.example' } })).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
