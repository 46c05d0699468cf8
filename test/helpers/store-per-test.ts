import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  /** Writes a file in the test's directory (a string as it is, anything else as JSON) and answers its path. */
  file(name: string, content: unknown): string;
}

/**
 * A fresh store in its own temporary directory (or `storeIn` a folder of it) for each test of the calling scope, closed and
 * removed after it; read the fields inside tests (they are replaced before each one).
 */
export function useStorePerTest(dirPrefix: string, options: { storeIn?: string } = {}): StorePerTest {
  const context = {
    file(name: string, content: unknown) {
      const path = join(context.dir, name);
      writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
      return path;
    },
  } as StorePerTest;
  beforeEach(async () => {
    context.dir = mkdtempSync(join(tmpdir(), dirPrefix));
    Object.assign(context, await openTestStore(options.storeIn ? join(context.dir, options.storeIn) : context.dir));
  });
  afterEach(async () => {
    await context.store.close();
    rmSync(context.dir, { recursive: true, force: true });
  });
  return context;
}
