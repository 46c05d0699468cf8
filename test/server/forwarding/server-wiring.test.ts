import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { signInOverHttp, useInProcessServer } from '../../helpers/in-process-server';
import { readMail } from '../notify/multipart';

const real = useInProcessServer('kerro-forward-wiring-');

/** Waits for the state `check` reads (vitest's waitFor), failing after `timeoutMs` with what it last saw. */
async function until<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
  return vi.waitFor(async () => {
    const value = await check();
    if (value === undefined) throw new Error('not yet');
    return value;
  }, { timeout: timeoutMs, interval: 20 });
}

it('the real server starts the forward sender: a publication over HTTP is forwarded, and its department email written, without waiting for a poll', async () => {
  const { base, admin, apiKey: key } = await real.start();
  // The admin connection also imports a body that takes service 171 by email.
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

  const created = await fetch(`${base}/open311/v1/requests.json`, {
    method: 'POST',
    body: new URLSearchParams({ api_key: key, service_code: '171', description: 'Streetlight dark all week.', lat: '60.17', long: '24.94' }),
  });
  const id = ((await created.json()) as { service_request_id: string }[])[0]!.service_request_id;
  const { cookie, csrfToken } = await signInOverHttp(base);
  const published = await fetch(`${base}/moderation/api/requests/${id}/publish`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrfToken, origin: base },
  });
  expect(published.status).toBe(200);

  // Well under the 10 s polls: the wake-ups did it.
  const sentAt = await until(async () => (await admin.forwards.findFor([id])).get(id)?.sent_at ?? undefined, 3000);
  expect(sentAt).toBeTypeOf('number');
  const outbox = join(real.dataDir(), 'outbox');
  const mail = await until(() => {
    if (!existsSync(outbox)) return undefined;
    const files = readdirSync(outbox, { withFileTypes: true }).filter((entry) => entry.name.endsWith('.eml'));
    return files.map((file) => readFileSync(join(outbox, file.name), 'utf8')).find((text) => text.includes('katutyot@hel.example'));
  }, 3000);
  expect(mail).toBeDefined();
  expect(readMail(mail).plain).toContain(`https://kerro.example.org/requests/${id}`);
  expect((await admin.serviceRequests.find(id))!.detailed_status).toEqual(['RECEIVED', 'PUBLIC_WORKS_NEW']);
}, 20_000);
