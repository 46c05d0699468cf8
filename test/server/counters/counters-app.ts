import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { createSqliteCounterRepository } from '../../../src/server/counters/sqlite-repository';
import type { CounterRecord, CounterRepository } from '../../../src/server/counters/types';
import { openDatabase, type SqliteDatabase } from '../../../src/server/storage/database';

export interface CountersTestApp {
  app: FastifyInstance;
  config: Config;
  db: SqliteDatabase;
  repository: CounterRepository;
  dataDir: string;
  dbFile: string;
  close(): Promise<void>;
}

/** The whole Kerro app (buildApp) on a real SQLite file in a temp dir, holding `counters`. */
export async function createCountersApp(counters: CounterRecord[], env: Record<string, string> = {}): Promise<CountersTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kerro-counters-'));
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_DATA: 'false', ...env });
  const dbFile = join(dataDir, 'kerro.sqlite');
  const db = openDatabase(dbFile);
  const repository = createSqliteCounterRepository(db);
  if (counters.length > 0) await repository.upsertMany(counters);
  const app = await buildApp({ config, db });
  return {
    app,
    config,
    db,
    repository,
    dataDir,
    dbFile,
    async close() {
      await app.close();
      db.close();
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
