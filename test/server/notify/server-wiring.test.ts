import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { signInOverHttp, useInProcessServer } from '../../helpers/in-process-server';
import { readMail } from './multipart';

const real = useInProcessServer('kerro-wiring-');

// A whole server start with its demo data: about 1.3 s alone, past vitest's 5 s default when the whole run shares two cores.
it('the real server starts the outbox sender: closing a request over HTTP writes its .eml without waiting for a poll', { timeout: 30_000 }, async () => {
  const { base, apiKey: key } = await real.start();

  const created = await fetch(`${base}/open311/v1/requests.json`, {
    method: 'POST',
    body: new URLSearchParams({ api_key: key, service_code: '171', description: 'Streetlight dark all week.', lat: '60.17', long: '24.94', email: 'aino@example.org' }),
  });
  const id = ((await created.json()) as { service_request_id: string }[])[0]!.service_request_id;
  const { cookie, csrfToken } = await signInOverHttp(base);
  const closed = await fetch(`${base}/moderation/api/requests/${id}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken, origin: base },
    body: JSON.stringify({ detailed_status: ['PROCESSED'], status_notes: 'Bulb replaced.' }),
  });
  expect(closed.status).toBe(200);

  const file = join(real.dataDir(), 'outbox', '2.eml'); // 1.eml is the receipt
  const deadline = Date.now() + 3000; // well under the 10 s poll: the wake-up did it
  while (!existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const mail = readMail(readFileSync(file, 'utf8'));
  expect(mail.headers.get('to')).toBe('aino@example.org');
  expect(mail.plain).toContain(`Bulb replaced.\n\nYou can see the report and its status here:\nhttps://kerro.example.org/requests/${id}\n`);

  await real.stop();
});
