import { readMail } from '../server/notify/multipart';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { adminCli as runAdminCli, adminCliAsync } from './admin-cli';
import { startPostgresCluster, type PostgresCluster } from '../helpers/postgres-cluster';
import { startSmtpServer } from '../server/notify/smtp-test-server';
import { multipartBody, urlencoded } from '../server/georeport/form';

/**
 * Scale-out, proved with real processes: two Kerro instances (A and B) on one PostgreSQL +
 * PostGIS database, each with its own DATA_DIR, talked to directly (a load balancer would only
 * pick one of them per request). Everything that must agree between them goes through the
 * database: publications, photos, the proxy's rate limit, the outbox, and durability.
 */

const postsPerMinute = 4;
const password = 'correct horse battery staple';

let cluster: PostgresCluster;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let databaseUrl: string;
let a: KerroServer;
let b: KerroServer;

const adminCli = (args: string[], input?: string) => runAdminCli(args, { DATABASE_URL: databaseUrl, DATA_DIR: a.dataDir }, input);

const instanceEnv = () => ({
  DATABASE_URL: databaseUrl,
  SMTP_URL: smtp.url,
  PROXY_POSTS_PER_MINUTE: String(postsPerMinute),
  LOG_LEVEL: 'warn',
});

async function signIn(server: KerroServer): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${server.baseUrl}/moderation/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'maija', password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

async function moderate(server: KerroServer, session: { cookie: string; csrf: string }, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/moderation/api/${path}`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const listedIds = async (server: KerroServer) =>
  ((await (await fetch(`${server.baseUrl}/open311/v1/requests.json?service_code=171`)).json()) as { service_request_id: string }[]).map(
    (request) => request.service_request_id,
  );

const proxyPost = (server: KerroServer, fields: Record<string, string>) => {
  const body = urlencoded(fields);
  return fetch(`${server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', headers: body.headers, body: body.payload });
};

beforeAll(async () => {
  cluster = await startPostgresCluster();
  databaseUrl = await cluster.createDatabase();
  smtp = await startSmtpServer();
  // One after the other: the first seeds the demo data into the empty database, the second finds it there.
  a = await startKerroServer({ env: instanceEnv() });
  b = await startKerroServer({ env: instanceEnv() });
  adminCli(['moderator', 'add', 'maija', '--admin', '--password-stdin'], password);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await smtp?.close();
  await cluster?.stop();
});

describe('two instances on one PostgreSQL', () => {
  let id: string;
  let photoPath: string;

  it('publishes on B what was reported through A, and A lists it at once', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } }).jpeg().toBuffer();
    const form = await multipartBody(
      { service_code: '171', description: 'A pothole reported through instance A.', lat: '60.1699', long: '24.9384', email: 'resident@example.org' },
      [{ fileName: 'pothole.jpg', type: 'image/jpeg', data: photo }],
    );
    const created = await fetch(`${a.baseUrl}/proxy/open311/v1/requests.json`, {
      method: 'POST',
      headers: form.headers,
      body: new Uint8Array(form.payload),
    });
    expect(created.status).toBe(200);
    id = ((await created.json()) as { service_request_id: string }[])[0]!.service_request_id;

    // A's listing is answered (and cached) before the publication on B.
    expect(await listedIds(a)).not.toContain(id);
    await moderate(b, await signIn(b), `requests/${id}/publish`);
    expect(await listedIds(a)).toContain(id);
    expect(await listedIds(b)).toContain(id);

    const detail = (await (await fetch(`${a.baseUrl}/open311/v1/requests/${id}.json?extensions=true`)).json()) as {
      media_url: string;
    }[];
    photoPath = new URL(detail[0]!.media_url).pathname;
  });

  it('serves the photo stored through A from B, with a strong ETag, revalidated on every use', async () => {
    const fromA = await fetch(`${a.baseUrl}${photoPath}`);
    const fromB = await fetch(`${b.baseUrl}${photoPath}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    expect(fromB.headers.get('cache-control')).toBe('public, no-cache');
    expect(fromB.headers.get('etag')).toMatch(/^"[^W]/);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    const revalidated = await fetch(`${b.baseUrl}${photoPath}`, { headers: { 'if-none-match': fromB.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
  });

  it('counts the proxy rate limit across A and B together', async () => {
    // The photo report above was this client's first submission of the minute.
    const report = { service_code: '171', description: 'Another pothole on the same street.', lat: '60.17', long: '24.94' };
    const answers = [];
    for (const server of [b, a, b, a]) answers.push((await proxyPost(server, report)).status);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('sends each email exactly once although both instances run a sender', async () => {
    await moderate(b, await signIn(b), `requests/${id}/status`, { detailed_status: ['PROCESSED'], status_notes: 'Filled in.' });
    const subjects = () => smtp.received.filter((mail) => mail.raw.includes(id)).map((mail) => readMail(mail.raw).headers.get('subject'));
    // Each instance wakes its own sender when it queues a message: all three arrive without a poll.
    for (const subject of ['A report has been received', 'Update on a report', 'Your report has been handled']) {
      await smtp.mailWhere((mail) => mail.raw.includes(id) && !!readMail(mail.raw).headers.get('subject')?.startsWith(subject), 20_000);
    }
    // A third sender on the same database does what A's next poll would: it finds nothing due,
    // as each message was leased to one sender. (Asynchronously: the SMTP sink runs in this process.)
    const pass = await adminCliAsync(['outbox', 'send-now'], { ...instanceEnv(), DATA_DIR: a.dataDir });
    expect(pass.trim()).toBe('Sent 0, left for a retry 0, given up 0.');
    const mails = smtp.received.filter((mail) => mail.raw.includes(id));
    // The receipt (queued through A; to an address nobody confirmed, so the one that quotes nothing), the update on publishing (B) and the closing message (B).
    expect(subjects().map((subject) => subject?.split(':')[0])).toEqual([
      'A report has been received',
      'Update on a report',
      'Your report has been handled',
    ]);
    expect(new Set(mails.map((mail) => readMail(mail.raw).headers.get('message-id'))).size).toBe(3);
    expect(mails.every((mail) => mail.to.join() === 'resident@example.org')).toBe(true);
  }, 60_000);

  it('answers a repeat sent to the other instance with the first answer (Idempotency-Key, keys kept in the database)', async () => {
    const apiKey = adminCli(['apikey', 'create', 'idempotency']).trim().split('\n').at(-1)!;
    const description = 'Sent through A, its answer lost, sent again through B.';
    const send = (server: KerroServer) => {
      const body = urlencoded({ service_code: '171', description, lat: '60.17', long: '24.94', api_key: apiKey });
      return fetch(`${server.baseUrl}/open311/v1/requests.json`, {
        method: 'POST',
        headers: { ...body.headers, 'idempotency-key': '"5a0d2c9e-2f4b-4d59-9b55-6b1c1f7e0a11"' },
        body: body.payload,
      });
    };
    const first = await send(a);
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    const again = await send(b);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstBody);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const rows = await client.query('SELECT service_request_id FROM service_requests WHERE description = $1', [description]);
      expect(rows.rows.map((row: { service_request_id: string }) => row.service_request_id)).toEqual([JSON.parse(firstBody)[0].service_request_id]);
    } finally {
      await client.end();
    }
  });

  it('loses no answered submission when A is killed in the middle of a stream', async () => {
    const key = adminCli(['apikey', 'create', 'durability']).trim().split('\n').at(-1)!;
    const answered: string[] = [];
    let sent = 0;
    const submitOne = async (): Promise<void> => {
      const index = sent++;
      const body = urlencoded({
        api_key: key,
        service_code: '171',
        description: `Submission ${index} to instance A before the kill.`,
        lat: '60.18',
        long: '24.95',
      });
      const response = await fetch(`${a.baseUrl}/open311/v1/requests.json`, { method: 'POST', headers: body.headers, body: body.payload });
      if (response.status === 200) answered.push(((await response.json()) as { service_request_id: string }[])[0]!.service_request_id);
    };
    const killAfter = 40;
    const workers = Array.from({ length: 8 }, async () => {
      while (answered.length < killAfter * 3) {
        try {
          await submitOne();
        } catch {
          return; // A is gone
        }
        if (answered.length >= killAfter && a.pid) process.kill(a.pid, 'SIGKILL');
      }
    });
    await Promise.all(workers);
    await a.exited;
    expect(answered.length).toBeGreaterThanOrEqual(killAfter);

    for (const answeredId of answered) {
      const response = await fetch(`${b.baseUrl}/open311/v1/requests/${answeredId}.json`);
      expect(response.status, answeredId).toBe(200);
    }
  }, 60_000);
});
