import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

/** Real sockets against a listening server, with limits shortened so the test takes seconds. */
describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(
      { BODY_PROGRESS_TIMEOUT_MS: '400', BODY_PROGRESS_MIN_BYTES: '50', REQUEST_TIMEOUT_MS: '2000', KEEP_ALIVE_TIMEOUT_MS: '300', MAX_CONNECTIONS_PER_CLIENT: '4' },
      { listen: true },
    );
    port = Number(new URL(t.baseUrl).port);
  });
  afterAll(() => t.close());

  /** Opens a socket and resolves when the server ends it, with what it sent and how long it took. */
  const open = () =>
    new Promise<{ socket: Socket; ended: Promise<{ afterMs: number; received: string }> }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const started = Date.now();
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('error', () => undefined); // a write after the server closed: the close is what is checked
      const ended = new Promise<{ afterMs: number; received: string }>((done) =>
        socket.once('close', () => done({ afterMs: Date.now() - started, received })),
      );
      socket.once('connect', () => resolve({ socket, ended }));
      socket.once('error', reject);
    });

  const uploadHead = (length: number) =>
    'POST /open311/v1/requests.json HTTP/1.1\r\nHost: localhost\r\n' +
    `Content-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${length}\r\n\r\n--xyz\r\n`;

  /** Writes `bytes` every `everyMs` until the socket is closed; returns how many writes were made. */
  const trickle = (socket: Socket, everyMs: number, bytes = 1) => {
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer);
      socket.write('a'.repeat(bytes));
      sent += 1;
    }, everyMs);
    socket.once('close', () => clearInterval(timer));
    return () => sent;
  };

  it('closes a body bringing less than BODY_PROGRESS_MIN_BYTES per BODY_PROGRESS_TIMEOUT_MS (one byte every 0.1 s, 50 bytes per 0.4 s asked)', async () => {
    const { socket, ended } = await open();
    socket.write(uploadHead(100_000));
    const sent = trickle(socket, 100);
    const { afterMs } = await ended;
    expect(sent()).toBeGreaterThan(1);
    expect(afterMs).toBeLessThan(1200);
  });

  it('lets a body arriving fast enough take longer than that', async () => {
    const { socket, ended } = await open();
    const body = `--xyz\r\nContent-Disposition: form-data; name="description"\r\n\r\n${'x'.repeat(600)}\r\n--xyz--\r\n`;
    socket.write(`POST /open311/v1/requests.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=xyz\r\nContent-Length: ${body.length}\r\n\r\n`);
    let offset = 0;
    const timer = setInterval(() => {
      socket.write(body.slice(offset, offset + 40)); // 40 bytes per 0.1 s: 160 per window, 1.5 s in all
      offset += 40;
      if (offset >= body.length) clearInterval(timer);
    }, 100);
    const { afterMs, received } = await ended;
    expect(afterMs).toBeGreaterThan(1400);
    expect(received).toMatch(/^HTTP\/1\.1 403/); // read whole, then refused for want of a key
  });

  it('closes a body still arriving at REQUEST_TIMEOUT_MS (limit 2 s), with a 408', async () => {
    const { socket, ended } = await open();
    socket.write(uploadHead(100_000));
    // 20 bytes per 0.1 s passes the progress check; only the overall limit stops it.
    const sent = trickle(socket, 100, 20);
    const { afterMs, received } = await ended;
    expect(afterMs).toBeGreaterThanOrEqual(1900);
    expect(afterMs).toBeLessThan(3500);
    expect(sent()).toBeGreaterThan(5);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const { socket, ended } = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const { afterMs, received } = await ended;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(afterMs).toBeLessThan(1500);
  });

  it('answers a whole body sent at once as usual', async () => {
    const body = 'service_code=171&description=A+deep+pothole+in+front+of+the+school&lat=60.17&long=24.94';
    const { socket, ended } = await open();
    socket.write(`POST /open311/v1/requests.json HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    const { received } = await ended;
    expect(received).toMatch(/^HTTP\/1\.1 403/); // no key: answered, not cut
  });

  it('caps the connections one address holds open; the next is closed at once', async () => {
    const held = await Promise.all([open(), open(), open(), open()]);
    const extra = await open();
    const { afterMs, received } = await extra.ended;
    expect(received).toBe('');
    expect(afterMs).toBeLessThan(300);
    held[0]!.socket.destroy();
    await held[0]!.ended;
    const again = await open();
    again.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect((await again.ended).received).toMatch(/^HTTP\/1\.1 200/);
    for (const { socket } of held) socket.destroy();
  });
});

describe('the defaults', () => {
  it('are generous for a 10 MB photo from a slow phone, and documented', () => {
    const config = loadConfig({});
    // 10 MB at 256 kbit/s takes about 330 s.
    expect(config.REQUEST_TIMEOUT_MS).toBeGreaterThanOrEqual(330_000);
    expect(config.BODY_PROGRESS_TIMEOUT_MS).toBe(30_000);
    // 2 KB/s (16 kbit/s): a phone on GPRS sends more; a trickle holding a share of the upload budget does not.
    expect(config.BODY_PROGRESS_MIN_BYTES).toBe(60 * 1024);
    expect(config.BODY_PROGRESS_MIN_BYTES / (config.BODY_PROGRESS_TIMEOUT_MS / 1000)).toBe(2048);
    expect(config.MAX_CONNECTIONS_PER_CLIENT).toBe(64);
  });
});
