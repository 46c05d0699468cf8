import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { Store } from '../../src/server/storage';
import { openTestStore } from './test-store';

export interface StorePerTest {
  /** The test's own temporary directory, removed after it. */
  dir: string;
  store: Store;
  env: Record<string, string>;
}

/**
 * A fresh store in its own temporary directory for each test of the calling scope, closed and
 * removed after it; read the fields inside tests (they are replaced before each one).
 */
export function useStorePerTest(dirPrefix: string): StorePerTest {
  const context = {} as StorePerTest;
  beforeEach(async () => {
    context.dir = mkdtempSync(join(tmpdir(), dirPrefix));
    Object.assign(context, await openTestStore(context.dir));
  });
  afterEach(async () => {
    await context.store.close();
    rmSync(context.dir, { recursive: true, force: true });
  });
  return context;
}
