/**
 * The database going away and coming back, as a load balancer's health check sees it: /readyz
 * answers 503 while PostgreSQL is unreachable, a write answers an error record without crashing
 * anything, and both recover without a restart. The outage is a loopback TCP relay between Kerro
 * and a real PostgreSQL that the test cuts and restores (test/helpers/tcp-relay.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openStore, type Store } from '../../../src/server/storage';
import type { FastifyInstance } from 'fastify';
import { startPostgresCluster, type PostgresCluster } from '../../helpers/postgres-cluster';
import { testServiceTypes } from '../../helpers/georeport-app';
import { startTcpRelay, type TcpRelay } from '../../helpers/tcp-relay';

let cluster: PostgresCluster;
let relay: TcpRelay;
let store: Store;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  const direct = new URL(await cluster.createDatabase());
  relay = await startTcpRelay(Number(direct.port));
  direct.port = String(relay.port);
  dataDir = mkdtempSync(join(tmpdir(), 'kerro-outage-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: direct.toString(), DEMO_DATA: 'false', DATABASE_STATEMENT_TIMEOUT_MS: '2000' });
  store = await openStore(config);
  for (const type of testServiceTypes) await store.serviceTypes.upsert(type);
  app = await buildApp({ config, store });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
  await relay?.close();
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('PostgreSQL unreachable, then back', () => {
  it('answers /readyz 503 during the outage and 200 after, with no restart', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    relay.cut();
    const during = await app.inject({ method: 'GET', url: '/readyz' });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ status: 'unavailable', checks: { database: 'failed' } });
    // Meanwhile each API answers in its own format and says when to try again; the process goes on.
    // GeoReport: the spec's 400 general service error for "the backend is down".
    const listing = await app.inject({ method: 'GET', url: '/open311/v1/requests.json' });
    expect(listing.statusCode).toBe(400);
    expect(listing.headers['retry-after']).toBe('5');
    expect(listing.json()[0].description).toContain('database cannot be reached');
    const counters = await app.inject({ method: 'GET', url: '/api/counters/' });
    expect(counters.statusCode).toBe(503);
    expect(counters.headers['retry-after']).toBe('5');
    const moderation = await app.inject({ method: 'POST', url: '/moderation/api/session', payload: { name: 'maija', password: 'x' } });
    expect(moderation.statusCode).toBe(503);
    expect(moderation.json()).toMatchObject({ error: { code: 'unavailable' } });

    relay.restore();
    const deadline = Date.now() + 15_000;
    let after = await app.inject({ method: 'GET', url: '/readyz' });
    while (after.statusCode !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await app.inject({ method: 'GET', url: '/readyz' });
    }
    expect(after.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/open311/v1/requests.json' })).statusCode).toBe(200);
  }, 60_000);
});
