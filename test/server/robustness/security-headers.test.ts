import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { appCspHeader } from '../../../src/server/http/content-security-policy';
import { tileImageSource } from '../../../src/shared/map/tile-template';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { multipartBody, validReport } from '../georeport/form';

const appCsp =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: https://tile.openstreetmap.org; " +
  "connect-src 'self' https://tile.openstreetmap.org; worker-src 'self'; manifest-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** The CSP as a directive → sources map, whatever separators helmet uses. */
function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(/\s+/)[0], part.split(/\s+/).slice(1).join(' ')]),
  );
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('puts the app CSP and the helmet headers on the web app page', async () => {
    const page = await t.app.inject({ url: '/report', headers: { accept: 'text/html' } });
    expect([200, 503]).toContain(page.statusCode); // 503 when dist/client is not built
    expect(directives(page.headers['content-security-policy'])).toEqual(directives(appCsp));
    expect(page.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    // PUBLIC_BASE_URL is http here: no HSTS, or a LAN installation without TLS would lock itself out.
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('puts them on API answers and errors too', async () => {
    for (const url of ['/open311/v1/services.json', '/open311/v1/nothing.xml', '/api/counters/', '/healthz', '/no-such-file.txt']) {
      const answer = await t.app.inject({ url });
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(directives(answer.headers['content-security-policy'])['frame-ancestors'], url).toBe("'none'");
    }
  });

  it('keeps the counters page its own hashed-style CSP and the counters API open to every origin', async () => {
    const page = await t.app.inject({ url: '/api/counters/?format=api' });
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['default-src']).toBe("'none'");
    expect(csp['style-src']).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['access-control-allow-origin']).toBe('*');
    const json = await t.app.inject({ url: '/api/counters/' });
    expect(json.headers['access-control-allow-origin']).toBe('*');
    expect(json.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('keeps the sandbox CSP on media files, which other sites may embed', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } }).jpeg().toBuffer();
    const created = await t.app.inject({
      method: 'POST',
      url: '/open311/v1/requests.json',
      ...(await multipartBody({ ...validReport, api_key: t.apiKey }, [{ fileName: 'a.jpg', type: 'image/jpeg', data: jpeg }])),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json()[0].service_request_id;
    await publish(t, id);
    const record = await t.repositories.serviceRequests.find(id);
    const photo = await t.app.inject({ url: `/media/${record!.media[0]!.file_name}` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(photo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only when the public URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_BASE_URL: 'https://kerro.example' });
    try {
      const answer = await secure.app.inject({ url: '/healthz' });
      expect(answer.headers['strict-transport-security']).toBe('max-age=15552000');
    } finally {
      await secure.close();
    }
  });

  it('allows the configured tile server in img-src', async () => {
    const custom = await createTestApp({ VITE_MAP_TILE_URL: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png' });
    try {
      const answer = await custom.app.inject({ url: '/healthz' });
      expect(directives(answer.headers['content-security-policy'])['img-src']).toBe("'self' data: blob: https://*.tiles.example.org");
    } finally {
      await custom.close();
    }
  });
});

describe("another city's GeoReport service in the CSP", () => {
  it('admits photos from the origin of OPEN311_URL, and only that origin', async () => {
    const proxied = await createTestApp({ OPEN311_URL: 'https://palaute.example.fi:8443/open311/v1', OPEN311_API_KEY: 'proxy-secret-key-123' });
    try {
      const answer = await proxied.app.inject({ url: '/healthz' });
      expect(directives(answer.headers['content-security-policy'])['img-src']).toBe(
        "'self' data: blob: https://tile.openstreetmap.org https://palaute.example.fi:8443",
      );
    } finally {
      await proxied.close();
    }
    expect(appCspHeader('/tiles/{z}/{x}/{y}.png')).toContain("img-src 'self' data: blob:;");
  });
});

describe('tile sources in the CSP', () => {
  it('takes the origin of a tile URL template', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileImageSource('https://{s}.tile.example.com:8443/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com:8443');
    expect(tileImageSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    expect(tileImageSource('https://tile-{s}.example.com/{z}/{x}/{y}.png')).toBeUndefined();
    expect(appCspHeader('/tiles/{z}/{x}/{y}.png')).toContain("img-src 'self' data: blob:;");
  });

  it('refuses a tile template it could not write a policy for, naming the variable', () => {
    expect(() => loadConfig({ VITE_MAP_TILE_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(/VITE_MAP_TILE_URL/);
    expect(() => loadConfig({ VITE_MAP_TILE_URL: 'https://tiles.example.org/tile.png' })).toThrow(/VITE_MAP_TILE_URL/);
    expect(loadConfig({ VITE_MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }).VITE_MAP_TILE_URL).toBe('/tiles/{z}/{x}/{y}.png');
  });
});

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('echoes a sane X-Request-Id and replaces anything else with a fresh UUID', async () => {
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a:42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:42');
    for (const bad of ['has space', 'x'.repeat(129), '<script>', 'a\u00e4']) {
      const replaced = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const fresh = await t.app.inject({ url: '/open311/v1/nothing.json' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers through the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
  });
  afterAll(() => t.close());

  it("answers with the proxy's own request id and policies, not the upstream's", async () => {
    for (const path of ['/proxy/open311/v1/services.json', '/proxy/counters/']) {
      const answer = await fetch(`${t.baseUrl}${path}`, { headers: { 'x-request-id': 'proxy-trace-1' } });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('x-request-id'), path).toBe('proxy-trace-1');
      // /proxy is the web app's own API: same-origin, unlike the public services behind it.
      expect(answer.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(answer.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });
});
