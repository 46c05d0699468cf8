import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createApiKey } from '../../src/server/auth/api-keys';
import { loadConfig } from '../../src/server/config';
import { startServer, type RunningServer } from '../../src/server/main';
import { lightPasswordHash } from './light-password-hash';
import { openStore, type Store } from '../../src/server/storage';
import { testServiceTypes } from './georeport-app';
import { freshStoreEnv } from './test-store';

export interface StartedServer {
  base: string;
  /** A second connection, as the admin CLI would have, already holding a service type and moderator maija. */
  admin: Store;
  apiKey: string;
}

export interface InProcessServer {
  /** The fresh data directory of the current test. */
  dataDir(): string;
  start(): Promise<StartedServer>;
  stop(): Promise<void>;
}

/**
 * The real server (startServer, in this process) on a fresh data directory per test of the
 * calling file, with its wake-ups and senders as `npm start` runs them; stopped after each test.
 */
export function useInProcessServer(dirPrefix: string): InProcessServer {
  let dataDir: string;
  let server: RunningServer | undefined;
  let admin: Store | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), dirPrefix));
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await admin?.close();
    admin = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir: () => dataDir,
    async start() {
      const config = loadConfig({ ...(await freshStoreEnv(dataDir)), PORT: '0', DEMO_DATA: 'false', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'https://kerro.example.org' });
      server = await startServer(config);
      const address = server.app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      admin = await openStore(config);
      await admin.serviceTypes.upsert(testServiceTypes[0]!);
      const { key } = await createApiKey(admin.apiKeys, 'wiring', Date.now());
      await admin.moderation.createModerator('maija', await lightPasswordHash('correct horse battery'), Date.now());
      return { base, admin, apiKey: key };
    },
    async stop() {
      await server?.stop();
      server = undefined;
    },
  };
}

/** Signs moderator maija in over HTTP: the cookie and CSRF token her later requests carry. */
export async function signInOverHttp(base: string): Promise<{ cookie: string; csrfToken: string }> {
  const signIn = await fetch(`${base}/moderation/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'maija', password: 'correct horse battery' }),
  });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  return { cookie, csrfToken };
}
