import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createApiKey } from '../../../src/server/auth/api-keys';
import { loadConfig } from '../../../src/server/config';
import { startServer, type RunningServer } from '../../../src/server/main';
import { hashPassword } from '../../../src/server/moderation/passwords';
import { openStore, type Store } from '../../../src/server/storage';
import { testServiceTypes } from '../../helpers/georeport-app';
import { freshStoreEnv } from '../../helpers/test-store';
import { readMail } from './multipart';

let dataDir: string;
let server: RunningServer | undefined;
let admin: Store | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'kerro-wiring-'));
});
afterEach(async () => {
  await server?.stop();
  await admin?.close();
  admin = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

it('the real server starts the outbox sender: closing a request over HTTP writes its .eml without waiting for a poll', async () => {
  const config = loadConfig({ ...(await freshStoreEnv(dataDir)), PORT: '0', DEMO_DATA: 'false', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'https://kerro.example.org' });
  server = await startServer(config);
  const address = server.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // A second connection, as the admin CLI would have: a service type, a key and a moderator.
  admin = await openStore(config);
  await admin.serviceTypes.upsert(testServiceTypes[0]!);
  const { key } = await createApiKey(admin.apiKeys, 'wiring', Date.now());
  await admin.moderation.createModerator('maija', await hashPassword('correct horse battery'), Date.now());

  const created = await fetch(`${base}/open311/v1/requests.json`, {
    method: 'POST',
    body: new URLSearchParams({ api_key: key, service_code: '171', description: 'Streetlight dark all week.', lat: '60.17', long: '24.94', email: 'aino@example.org' }),
  });
  const id = ((await created.json()) as { service_request_id: string }[])[0]!.service_request_id;
  const signIn = await fetch(`${base}/moderation/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'maija', password: 'correct horse battery' }),
  });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const closed = await fetch(`${base}/moderation/api/requests/${id}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken, origin: base },
    body: JSON.stringify({ detailed_status: ['PROCESSED'], status_notes: 'Bulb replaced.' }),
  });
  expect(closed.status).toBe(200);

  const file = join(dataDir, 'outbox', '2.eml'); // 1.eml is the receipt
  const deadline = Date.now() + 3000; // well under the 10 s poll: the wake-up did it
  while (!existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const mail = readMail(readFileSync(file, 'utf8'));
  expect(mail.headers.get('to')).toBe('aino@example.org');
  expect(mail.plain).toContain(`Bulb replaced.\n\nYou can see the report and its status here:\nhttps://kerro.example.org/requests/${id}\n`);

  await server.stop();
  server = undefined;
});
