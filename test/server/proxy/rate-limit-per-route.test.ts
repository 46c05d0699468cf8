/**
 * Each limited proxy route keeps its own count per client, in the store: five reports do not use
 * up a follow, five follows do not use up a report, and a second instance on the same store
 * counts each route together with the first.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openStore, type Store } from '../../../src/server/storage';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { urlencoded, validReport } from '../georeport/form';
import { submitRequest } from '../moderation/moderation-client';

const perMinute = 5;
let t: TestApp;
let secondStore: Store;
let second: FastifyInstance;
let published: string;

beforeAll(async () => {
  t = await createTestApp({ PROXY_POSTS_PER_MINUTE: String(perMinute) });
  // Another instance on the same database (or SQLite file), as behind a load balancer.
  const config = loadConfig({ ...t.env, DEMO_DATA: 'false', PROXY_POSTS_PER_MINUTE: String(perMinute) });
  secondStore = await openStore(config);
  second = await buildApp({ config, store: secondStore, now: () => t.clock.now });
  published = await submitRequest(t);
  await publish(t, published);
});
afterAll(async () => {
  await second?.close();
  await secondStore?.close();
  await t?.close();
});

const report = (app: FastifyInstance, client: string) =>
  app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', remoteAddress: client, ...urlencoded(validReport) });
const follow = (app: FastifyInstance, client: string, email: string, id = published) =>
  app.inject({
    method: 'POST',
    url: `/proxy/open311/v1/requests/${id}/followers.json`,
    remoteAddress: client,
    ...urlencoded({ email, locale: 'en' }),
  });

it('lets a client follow after using up its reports, on either instance', async () => {
  const client = '203.0.113.10';
  for (let i = 0; i < perMinute; i += 1) expect((await report(i % 2 === 0 ? t.app : second, client)).statusCode).toBe(200);
  const limited = await report(second, client);
  expect(limited.statusCode).toBe(429);
  expect(limited.json()[0].description).toMatch(/^too many reports/);

  expect((await follow(t.app, client, 'first@example.org')).statusCode).toBe(202);
  expect((await follow(second, client, 'second@example.org')).statusCode).toBe(202);
});

it('lets a client report after using up its follows, on either instance', async () => {
  const client = '203.0.113.11';
  // A report of its own each time: the service also limits one client's follows of one report (3 an hour).
  const reports: string[] = [];
  for (let i = 0; i <= perMinute; i += 1) {
    reports.push(await submitRequest(t));
    await publish(t, reports[i]!);
  }
  for (let i = 0; i < perMinute; i += 1) {
    expect((await follow(i % 2 === 0 ? second : t.app, client, `reader${i}@example.org`, reports[i])).statusCode).toBe(202);
  }
  const limited = await follow(t.app, client, 'one-more@example.org', reports[perMinute]);
  expect(limited.statusCode).toBe(429);
  expect(limited.json()[0].description).toMatch(/^too many reports from this address: at most 5 a minute/); // the proxy's count

  expect((await report(t.app, client)).statusCode).toBe(200);
  expect((await report(second, client)).statusCode).toBe(200);
});
