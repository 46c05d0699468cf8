/**
 * The slow-upload attack (issue 39, item 1) over real sockets: clients that declare huge multipart
 * bodies and send them slowly hold the upload budget. They must not stop anyone's report without
 * photos, and one client (by the address TRUST_PROXY resolves, an IPv6 one by its /64) may hold no
 * more than its share. The attackers post to the proxy, as anyone may, without a key.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { maxMultipartBytes, uploadBytesPerClient } from '../../../src/server/open311/form-body-parsers';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { multipartBody, validReport } from '../georeport/form';

/** The figure: five of these are the whole default budget (256 MiB) but one byte. */
const attackBytes = 53_687_091;
const reportPath = '/proxy/open311/v1/requests.json';

let t: TestApp | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await t?.close();
  t = undefined;
});

/** An app on a real port that believes X-Forwarded-For from loopback, as behind nginx on the same host. */
async function start(env: Record<string, string> = {}): Promise<TestApp> {
  t = await createTestApp({ TRUST_PROXY: 'loopback', PROXY_POSTS_PER_MINUTE: '1000', ...env }, { listen: true });
  return t;
}

/** Upload bytes in flight, as GET /metrics shows them. */
async function inFlight(app: TestApp): Promise<number> {
  const text = await (await fetch(`${app.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith('kerro_upload_bytes_in_flight '));
  return Number(line?.slice(line.lastIndexOf(' ') + 1));
}

interface Answer {
  status: number;
  retryAfter?: string;
  body: string;
}

/**
 * A multipart POST declaring `declared` bytes from `client`, of which only the first part is sent:
 * the socket stays open, as an attacker's trickling one does. Resolves with the answer once the
 * server gives one (a refusal comes at once; a body taken in is never answered here).
 */
function slowUpload(app: TestApp, client: string, declared: number): Promise<Answer> {
  const socket = connect(Number(new URL(app.baseUrl).port), '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined); // the server cuts a refused body's connection after answering
  socket.write(
    `POST ${reportPath} HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: ${client}\r\n` +
      `Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${declared}\r\n\r\n` +
      `--xyz\r\nContent-Disposition: form-data; name="media[]"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'a'.repeat(5000)}`,
  );
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(received)?.[1]);
      if (end < 0 || !(received.length - end - 4 >= length)) return;
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(received)?.[1]);
      const retryAfter = /\r\nretry-after: (\S+)/i.exec(received)?.[1];
      resolve({ status, retryAfter, body: received.slice(end + 4) });
      socket.destroy();
    });
  });
}

/** Starts a slow upload and waits until the server has either taken it in (the gauge grew by it) or refused it. */
async function attack(app: TestApp, client: string): Promise<'held' | Answer> {
  const before = await inFlight(app);
  let answer: Answer | undefined;
  void slowUpload(app, client, attackBytes).then((given) => (answer = given));
  await vi.waitFor(
    async () => {
      if (answer === undefined && (await inFlight(app)) !== before + attackBytes) throw new Error('neither taken in nor refused yet');
    },
    { timeout: 5000, interval: 20 },
  );
  return answer ?? 'held';
}

/** A report posted whole, as the web app posts it: multipart, with or without a photo. */
async function report(app: TestApp, client: string, photo?: Buffer): Promise<number> {
  const files = photo ? [{ fileName: 'photo.jpg', type: 'image/jpeg', data: photo }] : [];
  const { payload, headers } = await multipartBody(validReport, files);
  const answer = await fetch(`${app.baseUrl}${reportPath}`, { method: 'POST', headers: { ...headers, 'x-forwarded-for': client }, body: new Uint8Array(payload) });
  await answer.arrayBuffer();
  return answer.status;
}

describe('slow uploads declaring huge bodies', { timeout: 20_000 }, () => {
  it('from one address: the first holds that client\'s share, the rest get 429; reports without photos still go through', async () => {
    const app = await start();
    const attacker = '203.0.113.66';
    const first = await attack(app, attacker);
    expect(first).toBe('held');
    for (let index = 1; index < 5; index += 1) {
      const refused = await attack(app, attacker);
      expect(refused).toMatchObject({ status: 429, retryAfter: '10' });
      const [record] = JSON.parse((refused as Answer).body);
      expect(record).toEqual({ code: 429, description: expect.stringMatching(/as many upload bytes as one client may at once.*try again in 10 seconds/) });
    }
    expect(await inFlight(app)).toBe(attackBytes);
    // Before: all five were taken in (268,435,455 of 268,435,456 bytes) and every report got 503.
    expect(await report(app, '198.51.100.7')).toBe(200);
    expect(await report(app, attacker)).toBe(200); // its own report without photos is no photo bytes
    // Someone else's photo is taken in and read whole (random bytes are no photo: 400, not 503).
    expect(await report(app, '198.51.100.8', randomBytes(1024 * 1024))).toBe(400);
  });

  it('from five addresses: they fill at most the part of the budget photos may use; a report without photos still goes through', async () => {
    const app = await start();
    const answers = [];
    for (const host of [1, 2, 3, 4, 5]) answers.push(await attack(app, `203.0.113.${host}`));
    // 4 × 53.7 MB fit in the seven eighths of 256 MiB photos may fill; the fifth does not.
    expect(answers.slice(0, 4)).toEqual(['held', 'held', 'held', 'held']);
    expect(answers[4]).toMatchObject({ status: 503, retryAfter: '10' });
    expect(await report(app, '198.51.100.7')).toBe(200);
  });

  it('from one IPv6 /64: counted as one client, while the next /64 is another', async () => {
    const app = await start();
    expect(await attack(app, '2001:db8:7:7::1')).toBe('held');
    expect(await attack(app, '2001:db8:7:7:ffff::2')).toMatchObject({ status: 429 });
    expect(await attack(app, '2001:db8:7:8::1')).toBe('held');
  });

  it('trickling below the minimum rate: cut, and the client\'s share comes back', async () => {
    // 600 bytes per 0.3 s is the default 2 KB/s over a shorter window; the trickle sends 250 B/s.
    const app = await start({ BODY_PROGRESS_TIMEOUT_MS: '300', BODY_PROGRESS_MIN_BYTES: '600' });
    const attacker = '203.0.113.66';
    expect(await attack(app, attacker)).toBe('held');
    const trickling = sockets.at(-1)!;
    const timer = setInterval(() => trickling.write('a'.repeat(50)), 200);
    await new Promise((resolve) => trickling.once('close', resolve));
    clearInterval(timer);
    await vi.waitFor(async () => expect(await inFlight(app)).toBe(0), { timeout: 2000, interval: 20 });
    expect(await attack(app, attacker)).toBe('held');
  });
});

describe('the defaults', () => {
  it('give one client one largest upload, an eighth of the budget when that is more; 0 turns the share off', () => {
    const config = loadConfig({});
    expect(uploadBytesPerClient(config)).toBe(Math.max(maxMultipartBytes(config), config.UPLOAD_BYTES_IN_FLIGHT_MAX / 8));
    expect(uploadBytesPerClient(config)).toBeLessThan(2 * attackBytes);
    expect(uploadBytesPerClient(loadConfig({ UPLOAD_BYTES_IN_FLIGHT_MAX: String(2 ** 30) }))).toBe(2 ** 27);
    expect(uploadBytesPerClient(loadConfig({ UPLOAD_BYTES_PER_CLIENT_MAX: '0' }))).toBe(0);
  });
});
