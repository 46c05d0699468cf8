import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { openStore, type Store } from '../../../src/server/storage';
import type { CounterRecord, CounterRepository } from '../../../src/server/storage/repositories/types';
import { migratedStoreEnv } from '../../helpers/test-store';

export interface CountersTestApp {
  app: FastifyInstance;
  config: Config;
  store: Store;
  repository: CounterRepository;
  dataDir: string;
  /** Where the store is (DATA_DIR, and DATABASE_URL on PostgreSQL), e.g. for admin commands. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The whole Kerro app (buildApp) on a fresh store of this run's backend, holding `counters`. */
export async function createCountersApp(counters: CounterRecord[], env: Record<string, string> = {}): Promise<CountersTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kerro-counters-'));
  const storeEnv = await migratedStoreEnv(dataDir);
  const config = loadConfig({ ...storeEnv, DEMO_DATA: 'false', ...env });
  const store = await openStore(config);
  const repository = store.counters;
  if (counters.length > 0) await repository.upsertMany(counters);
  const app = await buildApp({ config, store });
  return {
    app,
    config,
    store,
    repository,
    dataDir,
    env: storeEnv,
    async close() {
      await app.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A plain, valid counter; tests override what they look at. */
export function counter(id: number, overrides: Partial<CounterRecord> = {}): CounterRecord {
  return {
    id,
    name: `Counter ${id}`,
    source: 'EcoCounter',
    sourceId: 1000 + id,
    classifying: false,
    crsEpsg: 4326,
    municipalityCode: '091',
    dataReceived: true,
    firstStoredObservation: Date.parse('2021-06-01T00:00:00Z'),
    lastStoredObservation: Date.parse('2024-01-15T10:00:00Z'),
    longitude: 24.9384,
    latitude: 60.1699,
    ...overrides,
  };
}

export const counters = (count: number, make: (id: number) => Partial<CounterRecord> = () => ({})) =>
  Array.from({ length: count }, (_, index) => counter(index + 1, make(index + 1)));
