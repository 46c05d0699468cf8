import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { createApiKey } from '../../src/server/auth/api-keys';
import { loadConfig, type Config } from '../../src/server/config';
import { openStore, type Store } from '../../src/server/storage';
import type { ServiceTypeRecord } from '../../src/server/storage/repositories/types';
import { migratedStoreEnv, openTestSql, type TestSql } from './test-store';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** The app's store, of this run's backend (test/helpers/test-store.ts). */
  store: Store;
  repositories: Store;
  /** Plain SQL on the same store, for looking under the repositories. */
  sql: TestSql;
  /** Where the store is (DATA_DIR, and DATABASE_URL on PostgreSQL): a second instance opens the same one. */
  env: Record<string, string> & { DATA_DIR: string };
  dataDir: string;
  apiKey: string;
  /** Moves the app's clock; starts at `startTime`. */
  clock: { now: number };
  /** Set when started with `listen`: the real loopback URL, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** Every log line the app wrote, when started with `captureLogs`. */
  logs: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Listen on a loopback port, so the proxy can reach the embedded services over HTTP. */
  listen?: boolean;
  captureLogs?: boolean;
}

export const startTime = Date.parse('2026-11-20T12:00:00Z');

const translations = (en: string, fi: string, sv: string, group: [string, string, string]) => ({
  en: { service_name: en, description: `${en} description`, keywords: en.toLowerCase(), group: group[0] },
  fi: { service_name: fi, description: `${fi} kuvaus`, keywords: fi.toLowerCase(), group: group[1] },
  sv: { service_name: sv, description: `${sv} beskrivning`, keywords: sv.toLowerCase(), group: group[2] },
});

const streets: [string, string, string] = ['Traffic and street condition', 'Katujen kunto ja liikenne', 'Gatornas skick och trafik'];

export const testServiceTypes: ServiceTypeRecord[] = [
  { service_code: '171', type: 'realtime', position: 1, translations: translations('Potholes', 'Katujen kunto', 'Gatornas skick', streets), attributes: [] },
  { service_code: '198', type: 'realtime', position: 2, translations: translations('Traffic signs', 'Liikennemerkit', 'Trafikmärken', streets), attributes: [] },
  {
    service_code: '900',
    type: 'realtime',
    position: 3,
    translations: translations('Streetlight', 'Katuvalo', 'Gatubelysning', streets),
    attributes: [
      { code: 'POLE', variable: true, datatype: 'string', required: true, datatype_description: 'Number on the pole', order: 1, description: 'Pole number', values: [] },
      {
        code: 'KIND', variable: true, datatype: 'singlevaluelist', required: false, datatype_description: '', order: 2, description: 'What is wrong',
        values: [{ key: 'dark', name: 'Dark' }, { key: 'blinking', name: 'Blinking' }],
      },
      {
        code: 'EXTRA', variable: true, datatype: 'multivaluelist', required: false, datatype_description: '', order: 3, description: 'Also',
        values: [{ key: 'a', name: 'A' }, { key: 'b', name: 'B' }],
      },
    ],
  },
];

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kerro-test-'));
  const storeEnv = await migratedStoreEnv(dataDir);
  const config = loadConfig({ ...storeEnv, DEMO_DATA: 'false', PUBLIC_BASE_URL: 'http://kerro.test', ...env });
  const store = await openStore(config);
  const repositories = store;
  const sql = openTestSql(storeEnv);
  for (const type of testServiceTypes) await repositories.serviceTypes.upsert(type);
  const { key } = await createApiKey(repositories.apiKeys, 'test', startTime);
  const clock = { now: startTime };
  const logs: string[] = [];
  const logger = options.captureLogs
    ? { level: 'trace', stream: { write: (line: string) => void logs.push(line) } }
    : false;
  const app = await buildApp({ config, store, now: () => clock.now, logger });
  const baseUrl = options.listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
  return {
    baseUrl,
    logs,
    app,
    config,
    store,
    repositories,
    sql,
    env: { ...storeEnv, DATA_DIR: dataDir },
    dataDir,
    apiKey: key,
    clock,
    async close() {
      await app.close();
      await sql.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Publishes a request directly in the store, as a moderator would. */
export async function publish(t: Pick<TestApp, 'sql'>, serviceRequestId: string): Promise<void> {
  await t.sql.run("UPDATE service_requests SET moderation = 'published' WHERE service_request_id = ?", serviceRequestId);
}

/** Stores park-1, Kaivopuisto, the service object a request can be sent about without coordinates. */
export async function addKaivopuistoPark(t: Pick<TestApp, 'repositories' | 'config'>): Promise<void> {
  await t.repositories.serviceObjects.upsertMany([
    {
      service_object_type: t.config.SERVICE_OBJECT_TYPE,
      service_object_id: 'park-1',
      kind: 'park',
      lat: 60.1589,
      long: 24.9562,
      names: { fi: 'Kaivopuisto', sv: 'Brunnsparken', en: 'Kaivopuisto park' },
      address: 'Itäinen Puistotie',
    },
  ]);
}
