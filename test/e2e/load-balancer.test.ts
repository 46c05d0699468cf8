import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { adminCli } from './admin-cli';
import { startNginx, type RunningNginx } from '../helpers/nginx';
import { startPostgresCluster, type PostgresCluster } from '../helpers/postgres-cluster';
import { startTcpRelay, type TcpRelay } from '../helpers/tcp-relay';
import { expectApiError, type ApiShape, type ReadAnswer } from '../helpers/api-error-shape';
import { findFreePort } from '../helpers/kerro-server';
import { urlencoded, validReport } from '../server/georeport/form';

/**
 * The README's deployment, for real: Debian's nginx running deploy/nginx.conf (TLS on loopback)
 * in front of two Kerro instances on one PostgreSQL, each with TRUST_PROXY=1. Clients connect
 * from different loopback addresses (127.0.0.2, 127.0.0.3, …), as residents from different homes.
 * The instances reach PostgreSQL through a relay the outage test cuts.
 */

const postsPerMinute = 2;
const password = 'correct horse battery staple';

let cluster: PostgresCluster;
let relay: TcpRelay;
let a: KerroServer;
let b: KerroServer;
let nginx: RunningNginx;
const agents: Agent[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const direct = new URL(await cluster.createDatabase());
  relay = await startTcpRelay(Number(direct.port));
  const throughRelay = new URL(direct);
  throughRelay.port = String(relay.port);
  const env = {
    DATABASE_URL: throughRelay.toString(),
    TRUST_PROXY: '1',
    MAX_CONNECTIONS_PER_CLIENT: '0',
    PROXY_POSTS_PER_MINUTE: String(postsPerMinute),
  };
  // One after the other: the first seeds the demo data into the empty database.
  a = await startKerroServer({ env });
  b = await startKerroServer({ env });
  // Straight to the database: adminCli blocks this process, and with it the relay.
  adminCli(['moderator', 'add', 'maija', '--admin', '--password-stdin'], { DATABASE_URL: direct.toString(), DATA_DIR: a.dataDir }, password);
  nginx = await startNginx([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
}, 180_000);

afterAll(async () => {
  await Promise.allSettled(agents.map((agent) => agent.close()));
  await nginx?.stop();
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await relay?.close();
  await cluster?.stop();
});

/** A client connecting to nginx from `address` (trusting the test's self-signed certificate). */
function clientFrom(address: string) {
  const dispatcher = new Agent({ localAddress: address, connect: { rejectUnauthorized: false } });
  agents.push(dispatcher);
  return {
    async report(headers: Record<string, string> = {}) {
      const body = urlencoded(validReport);
      const answer = await request(`${nginx.baseUrl}/proxy/open311/v1/requests.json`, {
        method: 'POST',
        headers: { ...body.headers, ...headers },
        body: body.payload,
        dispatcher,
      });
      const text = await answer.body.text();
      return { status: answer.statusCode, text };
    },
    async signIn() {
      const answer = await request(`${nginx.baseUrl}/moderation/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'maija', password }),
        dispatcher,
      });
      await answer.body.text();
      return { status: answer.statusCode, cookie: [answer.headers['set-cookie']].flat().join('\n') };
    },
  };
}

describe('behind nginx with deploy/nginx.conf', () => {
  it('counts clients from different addresses apart, each across both instances', async () => {
    const first = clientFrom('127.0.0.2');
    // nginx takes turns between the instances: the posts land on both, counted together.
    for (let i = 0; i < postsPerMinute; i += 1) expect((await first.report()).status).toBe(200);
    const limited = await first.report();
    expect(limited.status).toBe(429);
    expect(limited.text).toMatch(/too many reports from this address/);

    const second = clientFrom('127.0.0.3');
    expect((await second.report()).status).toBe(200);
  });

  it('does not believe an X-Forwarded-For a client wrote itself', async () => {
    // The limited client claims to be someone else: nginx appends the address it saw, the one
    // hop the instances trust.
    expect((await clientFrom('127.0.0.2').report({ 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
    // And nobody can spend another client's allowance by naming it.
    const other = clientFrom('127.0.0.4');
    for (let i = 0; i < postsPerMinute; i += 1) expect((await other.report({ 'x-forwarded-for': '127.0.0.3' })).status).toBe(200);
    expect((await clientFrom('127.0.0.3').report()).status).toBe(200);
  });

  it('does not believe an X-Forwarded-Host a client wrote itself: links name the site it asked', async () => {
    const dispatcher = new Agent({ localAddress: '127.0.0.6', connect: { rejectUnauthorized: false } });
    agents.push(dispatcher);
    const page = async (headers: Record<string, string>) => {
      const answer = await request(`${nginx.baseUrl}/api/counters/?page_size=1`, { headers, dispatcher });
      return ((await answer.body.json()) as { next: string }).next;
    };
    const plain = await page({});
    expect(new URL(plain).host).not.toBe('');
    expect(await page({ 'x-forwarded-host': 'evil.example' })).toBe(plain);
  });

  it('makes the session cookie Secure: nginx says the client used https', async () => {
    const { status, cookie } = await clientFrom('127.0.0.5').signIn();
    expect(status).toBe(200);
    expect(cookie).toMatch(/^kerro_session=.*; Secure/m);
  });
});

/** One request to `baseUrl` (nginx by default) from a loopback `address`, read whole. */
async function ask(
  path: string,
  options: { method?: 'GET' | 'POST'; json?: unknown; form?: Record<string, string>; from?: string; baseUrl?: string } = {},
): Promise<ReadAnswer> {
  const dispatcher = new Agent({ localAddress: options.from ?? '127.0.0.1', connect: { rejectUnauthorized: false } });
  agents.push(dispatcher);
  const body = options.form ? urlencoded(options.form) : options.json === undefined ? undefined : { payload: JSON.stringify(options.json), headers: { 'content-type': 'application/json' } };
  const answer = await request(`${options.baseUrl ?? nginx.baseUrl}${path}`, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers: body?.headers,
    body: body?.payload,
    dispatcher,
  });
  return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
}

const readiness = async (instance: KerroServer) => (await request(`${instance.baseUrl}/readyz`)).statusCode;

/** A request to each API, and a page, with the shape its errors must have. */
const oneOfEach: { path: string; shape: ApiShape; method?: 'POST'; json?: unknown; form?: Record<string, string> }[] = [
  { path: '/proxy/open311/v1/requests.json', shape: 'georeport-json' },
  { path: '/open311/v1/requests.xml', shape: 'georeport-xml' },
  { path: '/proxy/open311/v1/requests.json', shape: 'georeport-json', form: validReport },
  { path: '/api/counters/?page_size=1', shape: 'counters' },
  { path: '/moderation/api/session', shape: 'moderation', json: { name: 'maija', password } },
];

describe('a database outage behind nginx', () => {
  it("answers in each API's own format during it, and serves at once when the database is back", async () => {
    relay.cut();
    await expect.poll(async () => [await readiness(a), await readiness(b)], { timeout: 20_000, message: 'both instances find the database unreachable' }).toEqual([503, 503]);

    // More rounds than max_fails: had nginx counted these answers as failures, it would have
    // taken both instances out and answered its own 502 pages.
    for (let round = 0; round < 4; round += 1) {
      for (const [index, { path, shape, form, json }] of oneOfEach.entries()) {
        // A report from an address of its own each time: the outage is the only reason to refuse it.
        const answer = await ask(path, { form, json, from: `127.0.1.${round * 10 + index + 1}` });
        const message = expectApiError(answer, shape);
        // Kerro's own answer (GeoReport's listing says 400, the spec's "service error"), not nginx's 502.
        expect([400, 503], `${path}: ${answer.status} ${message}`).toContain(answer.status);
        expect(message, path).toMatch(/database|unavailable/i);
        expect(answer.headers['retry-after'], `${path}: ${answer.status} ${answer.text}`).toBe('5');
      }
      // The app's pages need no database.
      const page = await ask('/');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    }

    relay.restore();
    await expect.poll(async () => [await readiness(a), await readiness(b)], { timeout: 20_000, message: 'both instances reach the database again' }).toEqual([200, 200]);
    // nginx took neither instance out: the first requests after the outage are served, on both.
    for (let i = 0; i < 4; i += 1) expect((await ask('/api/counters/?page_size=1')).status).toBe(200);
    expect((await ask('/moderation/api/session', { json: { name: 'maija', password }, from: '127.0.1.100' })).status).toBe(200);
  }, 60_000);
});

describe('errors nginx makes itself', () => {
  let lonely: RunningNginx;

  beforeAll(async () => {
    // The same site with no instance listening behind it: every request meets nginx's own 502.
    lonely = await startNginx([`127.0.0.1:${await findFreePort()}`, `127.0.0.1:${await findFreePort()}`]);
  });
  afterAll(() => lonely?.stop());

  it("answers API paths in their API's error format, with Retry-After, and pages with an HTML page", async () => {
    const cases: { path: string; shape: ApiShape; json?: unknown; form?: Record<string, string> }[] = [
      ...oneOfEach,
      { path: '/OPEN311/v1/services.XML', shape: 'georeport-xml' },
      { path: '/proxy/counters-api/observations/', shape: 'counters' },
      { path: '/proxy/geocoding/v1/search?text=Mannerheimintie', shape: 'geocoding' },
      { path: '/residents/api/alerts', shape: 'moderation' },
      { path: '/requests/1', shape: 'page' },
    ];
    for (const { path, shape, form, json } of cases) {
      const answer = await ask(path, { form, json, baseUrl: lonely.baseUrl });
      expect(answer.status, path).toBe(502);
      expect(expectApiError(answer, shape), path).toMatch(/in 5 seconds/);
      expect(answer.headers['retry-after'], path).toBe('5');
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
    // The counter service's API is open to every origin, its errors too.
    expect((await ask('/api/counters/', { baseUrl: lonely.baseUrl })).headers['access-control-allow-origin']).toBe('*');
    // The error answers are nginx's own, not paths a client can ask for.
    expect((await ask('/__errors/counters', { baseUrl: lonely.baseUrl })).status).toBe(404);
  });
});
