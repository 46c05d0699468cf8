import { loadConfig } from '../../src/server/config';
import { openStore, type Store } from '../../src/server/storage';
import { fakeRequestSource, serviceTypes, type FakeRequestSource } from './fake-requests';

export interface FilledStore {
  /** The open store; close it (`close`) before a server opens the same DATA_DIR. */
  repositories: Store;
  close(): Promise<void>;
  source: FakeRequestSource;
  /** Time spent inside createMany only (the store's own insert cost). */
  insertMs: number;
  /** Time spent making the fake records (the bench's cost, not the store's). */
  generateMs: number;
}

export interface FillOptions {
  seed: number;
  now: number;
  batchSize?: number;
  /** PostgreSQL instead of the SQLite file in `dataDir`. */
  databaseUrl?: string;
}

/**
 * Opens a Kerro store the way the server does (openStore: the SQLite file in `dataDir`, or the
 * PostgreSQL database at `databaseUrl`) and fills it, one transaction per batch (createMany).
 * The same seed and `now` give the same requests on either backend.
 */
export async function fillStore(dataDir: string, count: number, options: FillOptions): Promise<FilledStore> {
  const batchSize = options.batchSize ?? 50_000;
  const repositories = await openStore(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl }));
  for (const type of serviceTypes) await repositories.serviceTypes.upsert(type);

  const source = fakeRequestSource(options.seed, options.now);
  let insertMs = 0;
  let generateMs = 0;
  for (let done = 0; done < count; done += batchSize) {
    const generateStart = performance.now();
    const batch = Array.from({ length: Math.min(batchSize, count - done) }, source.next);
    const insertStart = performance.now();
    await repositories.serviceRequests.createMany(batch);
    insertMs += performance.now() - insertStart;
    generateMs += insertStart - generateStart;
  }
  return { repositories, close: () => repositories.close(), source, insertMs, generateMs };
}
