import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRoutes } from '../../src/server/client-routes';
import { apiPathsFor, recordRouteMethods } from '../../src/server/api-errors/outside-routes';
import type { AppContext } from '../../src/server/context';
import { createMetrics } from '../../src/server/http/metrics';

// The plugin reads nothing from the context; it takes it only to match the other route plugins.
/** A store with no requests: a request's page is the 404 page (request-meta.test.ts covers the others). */
const noStoredRequests = { serviceRequests: { find: async () => undefined, publicChangeToken: async () => '1' } };
const context = { config: {}, repositories: noStoredRequests, metrics: createMetrics() } as unknown as AppContext;
const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const indexHtml = '<!doctype html><html><head><title>Kerro</title></head><body><div id="root"></div></body></html>';

/** The app as app.ts builds it: an API plugin with its own 404 under its prefix, then the client. */
async function buildServer(clientDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  const methodsOf = recordRouteMethods(app);
  await app.register(
    async (api) => {
      api.get('/services.json', async () => []);
      api.setNotFoundHandler((_request, reply) => reply.code(404).send([{ code: 404, description: 'no such resource' }]));
    },
    { prefix: '/open311/v1' },
  );
  await app.register(clientRoutes, { context, clientDir, ...apiPathsFor(methodsOf) });
  return app;
}

describe('client routes with a built app', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kerro-client-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), indexHtml);
    writeFileSync(join(dir, 'assets', 'index-Ab12Cd.js'), 'console.log("app")');
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildServer(dir);
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/report', '/Report/', '/report/sent/123', '/counters?lang=fi', '/moderation', '/moderation/requests/123'])('answers the browser page %s with index.html, not cached', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(indexHtml);
  });

  it('answers HEAD for an app page too', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/report', headers: html });
    expect(response.statusCode).toBe(200);
  });

  it.each(['/no/such/page', '/report/new', '/requests', '/requests/123/photos', '/requests/123?lang=fi'])(
    'answers %s, which the app has no page or request for, with 404: the app (which shows its not-found page), kept from search engines',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await app.inject({ method, url, headers: html });
        expect(response.statusCode, method).toBe(404);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.body).toContain('<div id="root">');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
    },
  );

  it('serves hashed assets with a long immutable cache, other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('leaves the API paths to the APIs, even for a browser', async () => {
    const georeport = await app.inject({ method: 'GET', url: '/open311/v1/nothing.json', headers: html });
    expect(georeport.statusCode).toBe(404);
    expect(georeport.json()).toEqual([{ code: 404, description: 'no such resource' }]);

    for (const url of ['/proxy/open311/v1/services.json', '/api/counters/x', '/media/abc.jpg', '/moderation/api/requests', '/open311']) {
      const response = await app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
  });

  it('gives the page to curl and link checkers too (Accept */* or none), but not for a missing file', async () => {
    for (const headers of [{ accept: '*/*' }, {}]) {
      for (const url of ['/', '/report', '/counters']) {
        const page = await app.inject({ method: 'GET', url, headers });
        expect(page.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(page.body).toContain('<div id="root">');
      }
    }
    for (const url of ['/assets/gone-123.js', '/favicon.ico', '/robots.txt?x=1']) {
      const missing = await app.inject({ method: 'GET', url, headers: html });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).not.toContain('<div id="root">');
    }
  });

  it('gives a session signed in before the readable markers existed its marker with the page, and nobody else one', async () => {
    const setCookies = async (cookie?: string) => [(await app.inject({ method: 'GET', url: '/account', headers: { ...html, ...(cookie ? { cookie } : {}) } })).headers['set-cookie'] ?? []].flat();
    const resident = await setCookies('kerro_resident=sometoken');
    expect(resident).toHaveLength(1);
    expect(resident[0]).toMatch(/^kerro_resident_signed_in=1; Path=\/; SameSite=Lax$/);
    expect(await setCookies('kerro_session=sometoken')).toEqual(['kerro_moderator_signed_in=1; Path=/; SameSite=Strict']);
    expect(await setCookies('kerro_resident=sometoken; kerro_resident_signed_in=1')).toEqual([]);
    expect(await setCookies()).toEqual([]);
    expect(await setCookies('other=1')).toEqual([]);
  });

  it('gives a plain 404 to requests that do not want HTML or are not GET', async () => {
    const missingAsset = await app.inject({ method: 'GET', url: '/assets/gone-123.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    const json = await app.inject({ method: 'GET', url: '/some/page', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    const post = await app.inject({ method: 'POST', url: '/some/page', headers: html });
    expect(post.statusCode).toBe(404);
  });
});

describe('client routes before the app is built', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kerro-client-empty-'));
    app = await buildServer(join(dir, 'does-not-exist'));
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts, and tells a browser to build the client with 503', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('npm run build');
  });

  it('still answers the APIs and plain 404s', async () => {
    expect((await app.inject({ method: 'GET', url: '/open311/v1/services.json' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/assets/x.js' })).statusCode).toBe(404);
  });
});
