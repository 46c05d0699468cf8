import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { verifyApiKey } from '../../../src/server/auth/api-keys';
import { ensureProxyApiKey, proxyKeyName, proxyKeySetting } from '../../../src/server/auth/proxy-key';
import { loadConfig } from '../../../src/server/config';
import { openStore, type Store } from '../../../src/server/storage';
import { testServiceTypes } from '../../helpers/georeport-app';
import { readProxyApiKey } from '../../helpers/proxy-key';
import { openTestSql, openTestStore, type TestSql } from '../../helpers/test-store';
import { urlencoded, validReport } from '../georeport/form';

describe('ensureProxyApiKey', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let store: Store;
  let sql: TestSql;
  let others: Store[];
  let apps: FastifyInstance[];

  /** Another instance's store on the same database. */
  const openAnother = async () => {
    const another = await openStore(loadConfig(env));
    others.push(another);
    return another;
  };
  const storedKey = async () =>
    (await sql.get<{ value: string }>('SELECT value FROM settings WHERE name = ?', proxyKeySetting))?.value;
  const activeProxyKeys = async () =>
    (await store.apiKeys.list()).filter((record) => record.name === proxyKeyName && record.revoked_at === null);
  /** Files in DATA_DIR, other than the SQLite database itself, that hold the key or are named for it. */
  const filesWithKey = (key: string) =>
    readdirSync(dataDir, { recursive: true, encoding: 'utf8' }).filter((name) => {
      const path = join(dataDir, name);
      if (name.startsWith('kerro.sqlite') || !statSync(path).isFile()) return false;
      return name.includes('proxy-api-key') || readFileSync(path, 'utf8').includes(key);
    });

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kerro-proxykey-'));
    ({ store, env } = await openTestStore(dataDir));
    sql = openTestSql(env);
    others = [];
    apps = [];
  });
  afterEach(async () => {
    for (const app of apps) await app.close();
    for (const another of others) await another.close();
    await sql.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an active kerro-proxy key on first start and keeps it in the store, never in a file', async () => {
    const key = await ensureProxyApiKey(store, 1000);

    expect(key).toMatch(/^kerro_/);
    expect(await storedKey()).toBe(key);
    expect(await readProxyApiKey({ ...env, DATA_DIR: dataDir })).toBe(key);
    const record = await verifyApiKey(store.apiKeys, key);
    expect(record).toMatchObject({ name: proxyKeyName, created_at: 1000, revoked_at: null });
    expect(filesWithKey(key)).toEqual([]);
  });

  it('returns the same key on later starts, of this instance or another on the database, without creating more', async () => {
    const first = await ensureProxyApiKey(store, 1000);
    const second = await ensureProxyApiKey(store, 2000);
    const third = await ensureProxyApiKey(await openAnother(), 3000);

    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(await store.apiKeys.list()).toHaveLength(1);
    expect(await storedKey()).toBe(first);
  });

  it('issues a new key when the stored one was revoked, and every instance then uses it', async () => {
    const first = await ensureProxyApiKey(store, 1000);
    await store.apiKeys.revoke(proxyKeyName, 1500);

    const second = await ensureProxyApiKey(store, 2000);

    expect(second).not.toBe(first);
    expect(await storedKey()).toBe(second);
    expect(await verifyApiKey(store.apiKeys, second)).toBeDefined();
    expect(await verifyApiKey(store.apiKeys, first)).toBeUndefined();
    expect(await ensureProxyApiKey(await openAnother(), 3000)).toBe(second);
    expect(await activeProxyKeys()).toHaveLength(1);
    expect(filesWithKey(second)).toEqual([]);
  });

  it('issues a new key when the setting holds a key this database does not know', async () => {
    await store.settings.set(proxyKeySetting, 'kerro_not-a-key-of-this-database');

    const key = await ensureProxyApiKey(store, 1000);

    expect(key).not.toBe('kerro_not-a-key-of-this-database');
    expect(await verifyApiKey(store.apiKeys, key)).toBeDefined();
    expect(await storedKey()).toBe(key);
  });

  it('gives instances that start at once one key, and withdraws the ones that lost', async () => {
    const stores = [store, await openAnother(), await openAnother()];

    const keys = await Promise.all(stores.map((instance, index) => ensureProxyApiKey(instance, 1000 + index)));

    expect(new Set(keys).size).toBe(1);
    expect(await storedKey()).toBe(keys[0]);
    expect(await verifyApiKey(store.apiKeys, keys[0]!)).toMatchObject({ name: proxyKeyName, revoked_at: null });
    expect(await activeProxyKeys()).toHaveLength(1);
  });

  it('two apps on one database both send the one stored key through their proxies', async () => {
    for (const type of testServiceTypes) await store.serviceTypes.upsert(type);
    const config = loadConfig({ ...env, DEMO_DATA: 'false', PUBLIC_BASE_URL: 'http://kerro.test' });
    const instances = [store, await openAnother()];
    apps = await Promise.all(instances.map((instance) => buildApp({ config, store: instance, now: () => 1000 })));
    for (const app of apps) await app.listen({ port: 0, host: '127.0.0.1' });

    const key = (await storedKey())!;
    expect(key).toMatch(/^kerro_/);
    expect(await activeProxyKeys()).toHaveLength(1);
    expect(await verifyApiKey(store.apiKeys, key)).toMatchObject({ name: proxyKeyName, revoked_at: null });
    // The proxy drops any key the browser sends and adds its own: a 200 means that key is the active one.
    for (const app of apps) {
      const answer = await app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded(validReport) });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect(await store.serviceRequests.count()).toBe(2);
    expect(filesWithKey(key)).toEqual([]);
  });
});
