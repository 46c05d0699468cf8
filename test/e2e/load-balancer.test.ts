import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { adminCli } from './admin-cli';
import { startNginx, type RunningNginx } from '../helpers/nginx';
import { startPostgresCluster, type PostgresCluster } from '../helpers/postgres-cluster';
import { urlencoded, validReport } from '../server/georeport/form';

/**
 * The README's deployment, for real: Debian's nginx running deploy/nginx.conf (TLS on loopback)
 * in front of two Kerro instances on one PostgreSQL, each with TRUST_PROXY=1. Clients connect
 * from different loopback addresses (127.0.0.2, 127.0.0.3, …), as residents from different homes.
 */

const postsPerMinute = 2;
const password = 'correct horse battery staple';

let cluster: PostgresCluster;
let a: KerroServer;
let b: KerroServer;
let nginx: RunningNginx;
const agents: Agent[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const env = {
    DATABASE_URL: await cluster.createDatabase(),
    TRUST_PROXY: '1',
    MAX_CONNECTIONS_PER_CLIENT: '0',
    PROXY_POSTS_PER_MINUTE: String(postsPerMinute),
  };
  // One after the other: the first seeds the demo data into the empty database.
  a = await startKerroServer({ env });
  b = await startKerroServer({ env });
  adminCli(['moderator', 'add', 'maija', '--admin', '--password-stdin'], { DATABASE_URL: env.DATABASE_URL!, DATA_DIR: a.dataDir }, password);
  nginx = await startNginx([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
}, 180_000);

afterAll(async () => {
  await Promise.allSettled(agents.map((agent) => agent.close()));
  await nginx?.stop();
  await Promise.allSettled([a?.stop(), b?.stop()]);
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
