import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createApiKey } from '../../../src/server/auth/api-keys';
import { loadConfig } from '../../../src/server/config';
import { startServer, type RunningServer } from '../../../src/server/main';
import { hashPassword } from '../../../src/server/moderation/passwords';
import { openStore, type Store } from '../../../src/server/storage';
import { testServiceTypes } from '../../helpers/georeport-app';
import { freshStoreEnv } from '../../helpers/test-store';
import { readMail } from '../notify/multipart';

let dataDir: string;
let server: RunningServer | undefined;
let admin: Store | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'kerro-forward-wiring-'));
});
afterEach(async () => {
  await server?.stop();
  await admin?.close();
  admin = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Waits for the state `check` reads (vitest's waitFor), failing after `timeoutMs` with what it last saw. */
async function until<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
  return vi.waitFor(async () => {
    const value = await check();
    if (value === undefined) throw new Error('not yet');
    return value;
  }, { timeout: timeoutMs, interval: 20 });
}

it('the real server starts the forward sender: a publication over HTTP is forwarded, and its department email written, without waiting for a poll', async () => {
  const config = loadConfig({ ...(await freshStoreEnv(dataDir)), PORT: '0', DEMO_DATA: 'false', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'https://kerro.example.org' });
  server = await startServer(config);
  const address = server.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // A second connection, as the admin CLI would have: a service type, a body, a key and a moderator.
  admin = await openStore(config);
  await admin.serviceTypes.upsert(testServiceTypes[0]!);
  await admin.bodies.importAll([
    {
      id: 'hel',
      jurisdiction_id: 'hel.fi',
      names: { fi: 'Helsinki', sv: 'Helsingfors', en: 'Helsinki' },
      area: { type: 'Polygon', coordinates: [[[24.8, 60.1], [25.1, 60.1], [25.1, 60.3], [24.8, 60.3], [24.8, 60.1]]] },
      services: ['171'],
      send: { method: 'email', to: 'katutyot@hel.example' },
    },
  ]);
  const { key } = await createApiKey(admin.apiKeys, 'wiring', Date.now());
  await admin.moderation.createModerator('maija', await hashPassword('correct horse battery'), Date.now());

  const created = await fetch(`${base}/open311/v1/requests.json`, {
    method: 'POST',
    body: new URLSearchParams({ api_key: key, service_code: '171', description: 'Streetlight dark all week.', lat: '60.17', long: '24.94' }),
  });
  const id = ((await created.json()) as { service_request_id: string }[])[0]!.service_request_id;
  const signIn = await fetch(`${base}/moderation/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'maija', password: 'correct horse battery' }),
  });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const published = await fetch(`${base}/moderation/api/requests/${id}/publish`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrfToken, origin: base },
  });
  expect(published.status).toBe(200);

  // Well under the 10 s polls: the wake-ups did it.
  const sentAt = await until(async () => (await admin!.forwards.findFor([id])).get(id)?.sent_at ?? undefined, 3000);
  expect(sentAt).toBeTypeOf('number');
  const outbox = join(dataDir, 'outbox');
  const mail = await until(() => {
    if (!existsSync(outbox)) return undefined;
    const files = readdirSync(outbox, { withFileTypes: true }).filter((entry) => entry.name.endsWith('.eml'));
    return files.map((file) => readFileSync(join(outbox, file.name), 'utf8')).find((text) => text.includes('katutyot@hel.example'));
  }, 3000);
  expect(mail).toBeDefined();
  expect(readMail(mail).plain).toContain(`https://kerro.example.org/requests/${id}`);
  expect((await admin.serviceRequests.find(id))!.detailed_status).toEqual(['RECEIVED', 'PUBLIC_WORKS_NEW']);
}, 20_000);
