import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRoutes } from '../../src/server/client-routes';
import { apiPathsFor } from '../../src/server/api-errors/outside-routes';
import type { AppContext } from '../../src/server/context';
import { createMetrics } from '../../src/server/http/metrics';
import { writeMiniatureClient } from '../helpers/miniature-client';

/** A store with no requests: a request's page gets index.html's generic head (request-meta.test.ts covers the others). */
const noStoredRequests = { serviceRequests: { find: async () => undefined, publicChangeToken: async () => '1' } };

const indexHtml = '<!doctype html><html><head><script type="module" src="/assets/index-E1.js"></script><link rel="modulepreload" href="/assets/react-R1.js"></head><body><div id="root"></div></body></html>';
// Vite's manifest: the entry, the app it imports after the first paint, a chunk they share with
// the home page, and the pages' own chunks.
const manifest = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react-R1.js'] },
  'src/client/main.tsx': { file: 'assets/main-M1.js', isDynamicEntry: true, imports: ['index.html', '_react-R1.js', '_i18n-I1.js'] },
  '_i18n-I1.js': { file: 'assets/i18n-I1.js', imports: ['_react-R1.js'] },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_query-Q1.js': { file: 'assets/query-Q1.js', imports: ['_react-R1.js'] },
  'src/client/app/routes/home.tsx': { file: 'assets/home-H1.js', isDynamicEntry: true, css: ['assets/home-H1.css'], imports: ['_react-R1.js', '_query-Q1.js'] },
  'src/client/app/routes/request-track.tsx': { file: 'assets/request-track-T1.js', isDynamicEntry: true, imports: ['_query-Q1.js', '_i18n-I1.js'] },
  // The maps, imported by their pages after the first paint, sharing Leaflet's chunk.
  'src/client/components/map/point-map.tsx': { file: 'assets/point-map-P1.js', isDynamicEntry: true, imports: ['_leaflet-L1.js', '_react-R1.js'] },
  'src/client/features/map/components/public-map.tsx': { file: 'assets/public-map-U1.js', isDynamicEntry: true, imports: ['_leaflet-L1.js', '_react-R1.js'] },
  '_leaflet-L1.js': { file: 'assets/leaflet-L1.js', css: ['assets/leaflet-L1.css'] },
};
const html = { accept: 'text/html' };

describe("the page's own chunks preloaded with index.html", () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = writeMiniatureClient('kerro-preloads-', indexHtml, manifest);
    app = Fastify();
    // No tile URL configured: OpenStreetMap's, as in the app's own default.
    await app.register(clientRoutes, { context: { config: {}, repositories: noStoredRequests, metrics: createMetrics() } as unknown as AppContext, clientDir: dir, ...apiPathsFor(() => []) });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const page = (url: string) => app.inject({ method: 'GET', url, headers: html });

  const tilesPreconnect = '<link rel="preconnect" href="https://tile.openstreetmap.org">';
  const appLinks = '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/main-M1.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/i18n-I1.js">';

  it('adds the app, then the home chunk, its styles and the chunks it imports that the entry does not', async () => {
    const response = await page('/?lat=60.1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(
      `${tilesPreconnect}${appLinks}<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-H1.js"><link rel="preload" as="style" crossorigin href="/assets/home-H1.css"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/query-Q1.js"></head>`,
    );
    expect(response.body.match(/react-R1\.js/g)).toHaveLength(1);
  });

  it("gives a request's page the app and its own chunks, each once, but not its map's code: the page draws the first tiles without it", async () => {
    const response = await page('/requests/abc123');
    expect(response.body).toContain(
      `${tilesPreconnect}${appLinks}<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/request-track-T1.js"><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/query-Q1.js"><link rel="preload" as="fetch"`,
    );
    expect(response.body.match(/i18n-I1\.js/g)).toHaveLength(1);
    expect(response.body).not.toContain('home-H1');
    expect(response.body).not.toContain('point-map-P1');
    expect(response.body).not.toContain('leaflet-L1');
  });

  it("leaves the live map's code out of the home page, whose HTML carries the map's first tiles", async () => {
    const response = await page('/');
    expect(response.body).toContain('home-H1.js');
    expect(response.body).not.toContain('leaflet-L1');
    expect(response.body).not.toContain('public-map-U1');
  });

  it('gives other pages the app alone', async () => {
    expect((await page('/moderation')).body).toBe(indexHtml.replace('</head>', `${appLinks}</head>`));
  });

  it("preloads a request's JSON, the URL the app fetches, in the language Accept-Language puts first among Kerro's", async () => {
    const preload = async (path: string, acceptLanguage?: string) => {
      const response = await app.inject({ method: 'GET', url: path, headers: { ...html, ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }) } });
      expect(response.headers.vary).toMatch(/Accept-Language/);
      return /<link rel="preload" as="fetch" crossorigin href="([^"]*)">/.exec(response.body)?.[1];
    };
    const json = (id: string, locale: string) => `/proxy/open311/v1/requests/${id}.json?extensions=true&locale=${locale}`;
    expect(await preload('/requests/abc123', 'fi-FI,fi;q=0.9,en-US;q=0.8,en;q=0.7')).toBe(json('abc123', 'fi'));
    expect(await preload('/requests/abc123/', 'de-DE, sv;q=0.8, en;q=0.9')).toBe(json('abc123', 'en'));
    expect(await preload('/requests/abc123', 'de-DE, sv-FI;q=0.8, *;q=0.5')).toBe(json('abc123', 'sv'));
    expect(await preload('/requests/abc123', 'fi;q=0, sv;q=0.5')).toBe(json('abc123', 'sv'));
    expect(await preload('/requests/abc123')).toBe(json('abc123', 'en'));
    expect(await preload('/requests/abc123', ';;,q=x,')).toBe(json('abc123', 'en'));
    // The id as the app's router decodes it and its client encodes it again; markup stays markup.
    expect(await preload('/requests/a%20b%22%3C%3E%26')).toBe(json('a%20b%22%3C%3E%26', 'en'));
    expect(await preload("/requests/it's")).toBe(json("it's", 'en'));
    expect(await preload('/requests/a%2Fb')).toBe(json('a%252Fb', 'en'));
    // A malformed encoding is refused before any page is made.
    expect((await app.inject({ method: 'GET', url: '/requests/%E0%A4%A', headers: html })).body).not.toContain('as="fetch"');
    // Other pages do not depend on the language.
    for (const path of ['/', '/report', '/moderation']) {
      const response = await page(path);
      expect(response.body).not.toContain('as="fetch"');
      expect(response.headers.vary ?? '').not.toMatch(/Accept-Language/);
    }
  });

  it('connects early to the tile server only on the pages that open with a map', async () => {
    for (const path of ['/report', '/counters', '/moderation']) expect((await page(path)).body).not.toContain('preconnect');
  });

  it('never serves the manifest itself', async () => {
    expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });
});

describe('the early connection follows the configured tile server', () => {
  const served = async (tileUrl: string, path: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'kerro-preloads-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), indexHtml);
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const app = Fastify();
    try {
      await app.register(clientRoutes, { context: { config: { VITE_MAP_TILE_URL: tileUrl }, repositories: noStoredRequests, metrics: createMetrics() } as unknown as AppContext, clientDir: dir, ...apiPathsFor(() => []) });
      return (await app.inject({ method: 'GET', url: path, headers: html })).body;
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it("names the city's tile server", async () => {
    expect(await served('https://tiles.city.example:8443/styles/{z}/{x}/{y}.png', '/')).toContain('<link rel="preconnect" href="https://tiles.city.example:8443">');
  });

  it('opens none for tiles from this server or from a {s} choice of hosts', async () => {
    expect(await served('/tiles/{z}/{x}/{y}.png', '/')).not.toContain('preconnect');
    expect(await served('https://{s}.tile.example/{z}/{x}/{y}.png', '/')).not.toContain('preconnect');
  });
});
