import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openStore, type Store } from '../../src/server/storage';
import type { TestApp } from './georeport-app';

/**
 * A second instance on the test app's store, on its clock, that dies right after a report's
 * transaction commits: whatever it would record of an Idempotency-Key's answer afterwards
 * (`idempotencyKeys.complete`) never reaches the store, and its caller gets no answer (the
 * GeoReport general error).
 */
export async function instanceDyingAfterCommit(t: TestApp, env: Record<string, string> = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const config = loadConfig({ ...t.env, DEMO_DATA: 'false', PUBLIC_BASE_URL: 'http://kerro.test', ...env });
  const store = await openStore(config);
  const dying: Store = {
    ...store,
    idempotencyKeys: { ...store.idempotencyKeys, complete: () => Promise.reject(new Error('the instance died before it recorded the key')) },
  };
  const app = await buildApp({ config, store: dying, now: () => t.clock.now, logger: false });
  return {
    app,
    async close() {
      await app.close();
      await store.close();
    },
  };
}
