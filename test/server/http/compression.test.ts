import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientRoutes } from '../../../src/server/client-routes';
import { apiPathsFor } from '../../../src/server/api-errors/outside-routes';
import type { AppContext } from '../../../src/server/context';
import { createMetrics } from '../../../src/server/http/metrics';
import { registerCompression } from '../../../src/server/http/compression';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { counters, createCountersApp, type CountersTestApp } from '../counters/counters-app';
import { addModerator, signIn, submitRequest } from '../moderation/moderation-client';
import { startFakeUpstream } from '../proxy/fake-upstream';

/** A store with no requests: a request's page gets index.html's generic head (request-meta.test.ts covers the others). */
const noStoredRequests = { serviceRequests: { find: async () => undefined, publicChangeToken: async () => '1' } };

const decoded = (coding: string | undefined, bytes: Buffer) =>
  coding === 'br' ? zlib.brotliDecompressSync(bytes) : coding === 'gzip' ? zlib.gunzipSync(bytes) : bytes;

afterEach(() => vi.restoreAllMocks());

describe('counter pages on the wire', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp(counters(150));
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, br;q=0'],
    [undefined, 'identity'],
    [undefined, undefined],
  ])('answers in %s for Accept-Encoding %s, the same page, varying on both headers', async (coding, header) => {
    const plain = await get('/api/counters/');
    const response = await get('/api/counters/', header === undefined ? {} : { 'accept-encoding': header });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(coding);
    expect(response.headers.vary).toBe('Accept, Accept-Encoding');
    expect(decoded(coding, response.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    // A strong tag, a different one for each coding of the same page.
    expect(response.headers.etag).toMatch(coding ? new RegExp(`^"[\\w-]+-${coding}"$`) : /^"[\w-]+"$/);
    if (coding) expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('compresses the CSV list too', async () => {
    const response = await get('/api/counters.csv', { 'accept-encoding': 'br' });
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded('br', response.rawPayload).toString()).toContain('Counter 1');
  });

  it('answers 304 without a body to a tag of any coding of the page, 200 to another tag', async () => {
    const identity = await get('/api/counters/?page=2');
    const br = await get('/api/counters/?page=2', { 'accept-encoding': 'br' });
    for (const tag of [identity.headers.etag!, br.headers.etag!, `W/${br.headers.etag!}`, `"other", ${identity.headers.etag!}`]) {
      const response = await get('/api/counters/?page=2', { 'accept-encoding': 'br', 'if-none-match': tag });
      expect(response.statusCode).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers.etag).toBe(br.headers.etag);
    }
    expect((await get('/api/counters/?page=2', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('compresses a cached page once, whatever the number of requests asking for it', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const url = '/api/counters/?page=1&page_size=120';
    const first = await get(url, { 'accept-encoding': 'br' });
    const answers = [first, ...(await Promise.all(Array.from({ length: 4 }, () => get(url, { 'accept-encoding': 'br' }))))];
    for (const response of answers) expect(response.headers['content-encoding']).toBe('br');
    expect(new Set(answers.map((response) => response.rawPayload.toString('base64'))).size).toBe(1);
    expect(brotli).toHaveBeenCalledTimes(1);
  });

  it('recompresses once more after the data changed, and the old tag no longer matches', async () => {
    const before = await get('/api/counters/?page=1', { 'accept-encoding': 'gzip' });
    await t.repository.upsertMany([{ ...counters(1)[0]!, name: 'Renamed' }]);
    const after = await get('/api/counters/?page=1', { 'accept-encoding': 'gzip', 'if-none-match': before.headers.etag! });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(decoded('gzip', after.rawPayload).toString()).toContain('Renamed');
  });
});

describe('GeoReport answers on the wire', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await addModerator(t, 'maija', 'correct horse battery');
    const session = await signIn(t);
    for (let i = 0; i < 6; i++) await session.request('POST', `/requests/${await submitRequest(t)}/publish`);
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it.each(['/open311/v1/requests.json', '/open311/v1/requests.xml'])(
    '%s: compressed, tagged, 304 when unchanged',
    async (url) => {
      const plain = await get(url);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(decoded('br', br.rawPayload).equals(plain.rawPayload)).toBe(true);
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    },
  );

  it.each(['/open311/v1/services.json', '/open311/v1/services.xml?locale=fi'])('%s: a strong tag, 304 when unchanged', async (url) => {
    const first = await get(url);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await get(url, { 'if-none-match': first.headers.etag! });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('leaves a small answer as it is', async () => {
    const response = await get('/open311/v1/requests/nope.json', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.etag).toBeUndefined();
  });

  it('never compresses the moderation API, whose answers hold the CSRF token beside reflected text', async () => {
    const session = await signIn(t);
    for (let i = 0; i < 4; i++) await submitRequest(t, { description: `Waiting for a moderator, number ${i} in the queue` });
    const queue = await session.request('GET', '/queue?limit=50', undefined, { 'accept-encoding': 'gzip, br' });
    expect(queue.statusCode).toBe(200);
    expect(queue.rawPayload.length).toBeGreaterThan(1024);
    expect(queue.headers['content-encoding']).toBeUndefined();
    expect(queue.headers.etag).toBeUndefined();
  });
});

describe('the proxy on the wire', () => {
  const page = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ service_request_id: `r${i}`, description: 'A pothole on the street' })));
  const gzipped = zlib.gzipSync(page);
  let upstream: Awaited<ReturnType<typeof startFakeUpstream>>;
  let t: TestApp;
  beforeAll(async () => {
    upstream = await startFakeUpstream((request, response) => {
      const gzip = /gzip/.test(String(request.headers['accept-encoding'] ?? ''));
      // Tagged like many real services, but If-None-Match is never honoured: always the whole page.
      const etag = gzip ? '"page-1-gzip"' : '"page-1"';
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding', etag, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      response.end(gzip ? gzipped : page);
    });
    t = await createTestApp({ OPEN311_URL: upstream.url, OPEN311_API_KEY: 'proxy-secret-key-123' });
  });
  afterAll(async () => {
    await t.close();
    await upstream.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it("passes the upstream's gzip on byte for byte, never inflated and compressed again", async () => {
    const gunzip = vi.spyOn(zlib, 'createGunzip');
    const gzip = vi.spyOn(zlib, 'createGzip');
    const response = await get('/proxy/open311/v1/requests.json', { 'accept-encoding': 'gzip' });
    expect(upstream.received.at(-1)!.headers['accept-encoding']).toBe('gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.rawPayload.equals(gzipped)).toBe(true);
    expect(gunzip).not.toHaveBeenCalled();
    expect(gzip).not.toHaveBeenCalled();
  });

  it('compresses an identity upstream answer itself for a client that accepts brotli', async () => {
    const response = await get('/proxy/open311/v1/requests.json', { 'accept-encoding': 'br' });
    expect(upstream.received.at(-1)!.headers['accept-encoding']).toBe('br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(decoded('br', response.rawPayload).toString()).toBe(page);
  });

  it('asks for the service list uncompressed, caches it and compresses it once', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    const first = await get('/proxy/open311/v1/services.json', { 'accept-encoding': 'br' });
    const second = await get('/proxy/open311/v1/services.json', { 'accept-encoding': 'br' });
    expect(upstream.received.filter((request) => request.url.includes('services')).map((request) => request.headers['accept-encoding'])).toEqual([undefined]);
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(brotli).toHaveBeenCalledTimes(1);
    expect((await get('/proxy/open311/v1/services.json', { 'if-none-match': first.headers.etag! })).statusCode).toBe(304);
  });

  it("answers 304 itself to the upstream's tag when the upstream ignores If-None-Match, and passes the header on", async () => {
    for (const [coding, tag] of [['gzip', '"page-1-gzip"'], ['identity', '"page-1"'], ['identity', 'W/"page-1"']] as const) {
      const response = await get('/proxy/open311/v1/requests.json', { 'accept-encoding': coding, 'if-none-match': tag });
      expect(upstream.received.at(-1)!.headers['if-none-match']).toBe(tag);
      expect(response.statusCode).toBe(304);
      expect(response.rawPayload.length).toBe(0);
    }
    const changed = await get('/proxy/open311/v1/requests.json', { 'accept-encoding': 'gzip', 'if-none-match': '"page-0-gzip"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(gzipped)).toBe(true);
  });

  it("never puts the proxy's API key in a header", async () => {
    for (const url of ['/proxy/open311/v1/requests.json', '/proxy/open311/v1/services.json']) {
      const response = await get(url, { 'accept-encoding': 'gzip' });
      expect(JSON.stringify(response.headers)).not.toContain('proxy-secret-key-123');
    }
  });
});

describe('the built web app on the wire', () => {
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kerro-precompressed-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Kerro</title>');
    writeFileSync(join(dir, 'assets', 'index-Ab12.js'), script);
    writeFileSync(join(dir, 'assets', 'index-Ab12.js.br'), zlib.brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'index-Ab12.js.gz'), zlib.gzipSync(script));
    app = Fastify();
    await registerCompression(app);
    await app.register(clientRoutes, { context: { config: {}, repositories: noStoredRequests, metrics: createMetrics() } as unknown as AppContext, clientDir: dir, ...apiPathsFor(() => []) });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['br', 'br, gzip'],
    ['gzip', 'gzip'],
    [undefined, ''],
  ])('sends the build-time %s copy of a hashed asset, immutable', async (coding, header) => {
    const brotli = vi.spyOn(zlib, 'createBrotliCompress');
    const response = await app.inject({ method: 'GET', url: '/assets/index-Ab12.js', headers: { 'accept-encoding': header } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(coding);
    expect(response.headers['content-type']).toContain('javascript');
    if (coding) expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(coding, response.rawPayload).toString()).toBe(script);
    expect(brotli).not.toHaveBeenCalled();
  });

  it('keeps the page itself revalidated', async () => {
    const response = await app.inject({ method: 'GET', url: '/report', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
