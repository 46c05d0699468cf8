import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

/** Uploads over real sockets to a listening app: what a caller without a valid key can make the server hold. */
const boundary = 'kerroboundary';
const field = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
function uploadBody(fields: [string, string][], photos: number, photoBytes: number): Buffer {
  const photo = randomBytes(photoBytes);
  const parts = fields.map(([name, value]) => field(name, value));
  for (let index = 0; index < photos; index += 1) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="media[]"; filename="p${index}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), photo, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}
const report: [string, string][] = [['service_code', '171'], ['description', 'A deep pothole in front of the school'], ['lat', '60.17'], ['long', '24.94']];

interface Answer { status?: number; headers: Record<string, string>; body: string; sentWhenAnswered: number }

/**
 * Sends `payload` over a raw socket in 64 KB writes (pausing `pauseMs` after each if asked) and
 * resolves with the answer and how much was sent when it came. A raw socket, to see exactly when
 * the answer came and to stop sending then.
 */
function send(baseUrl: string, payload: Buffer, options: { pauseMs?: number } = {}): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let offset = 0;
    let received = '';
    let sentWhenAnswered = -1;
    socket.on('data', (chunk) => {
      if (sentWhenAnswered < 0) sentWhenAnswered = offset;
      received += chunk.toString('latin1');
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      const bodyStart = received.indexOf('\r\n\r\n') + 4;
      if (bodyStart > 3 && length !== undefined && received.length - bodyStart >= Number(length)) socket.destroy();
    });
    socket.on('error', () => undefined); // the server cuts a refused upload once answered
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n', 2);
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(statusLine)?.[1]) || undefined;
      resolve({ status, headers, body, sentWhenAnswered });
    });
    socket.write(`POST /open311/v1/requests.json HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${payload.length}\r\n\r\n`);
    const writeMore = () => {
      while (offset < payload.length && !socket.destroyed && sentWhenAnswered < 0) {
        const ok = socket.write(payload.subarray(offset, offset + 65536));
        offset += 65536;
        if (options.pauseMs) return void setTimeout(writeMore, options.pauseMs);
        if (!ok) return void socket.once('drain', writeMore);
      }
    };
    writeMore();
  });
}

let t: TestApp;
afterEach(() => t?.close());

describe('uploads from callers without a valid key', () => {
  it('are refused as soon as the api_key field is read, without reading the photos that follow', async () => {
    t = await createTestApp({}, { listen: true });
    const payload = uploadBody([['api_key', 'made-up'], ...report], 5, 4 * 1024 * 1024);
    const answer = await send(t.baseUrl, payload, { pauseMs: 2 });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)[0].description).toMatch(/api_key is invalid/);
    expect(answer.sentWhenAnswered).toBeLessThan(payload.length / 4);
  });

  it('never have their photos in memory: four parallel keyless uploads of 5 × 6 MB leave the heap and buffers flat', async () => {
    // All four come from one address: more than one client's share of the budget, which is not what is measured here.
    t = await createTestApp({ UPLOAD_BYTES_PER_CLIENT_MAX: '0' }, { listen: true });
    const payload = uploadBody(report, 5, 6 * 1024 * 1024); // no api_key at all: known only at the end
    const memory = () => process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed;
    global.gc?.();
    const before = memory();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, memory())), 5);
    const answers = await Promise.all([1, 2, 3, 4].map(() => send(t.baseUrl, payload)));
    clearInterval(sampler);
    for (const answer of answers) expect(answer.status).toBe(403);
    // Before: each upload's 30 MB read into Buffers (120 MB in all) before the 403.
    expect((peak - before) / 1024 / 1024).toBeLessThan(40);
  });

  it('past UPLOAD_BYTES_IN_FLIGHT_MAX answer 503 with Retry-After before a byte is read, and room comes back', async () => {
    t = await createTestApp({ UPLOAD_BYTES_IN_FLIGHT_MAX: String(6 * 1024 * 1024) }, { listen: true });
    const slow = uploadBody([['api_key', t.apiKey], ...report], 1, 4 * 1024 * 1024);
    const first = send(t.baseUrl, slow, { pauseMs: 20 }); // ~1.3 s to send
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await send(t.baseUrl, uploadBody(report, 1, 3 * 1024 * 1024));
    expect(second.status).toBe(503);
    expect(second.headers['retry-after']).toBe('10');
    expect(JSON.parse(second.body)[0]).toMatchObject({ code: 503, description: expect.stringMatching(/try again in 10 seconds/) });
    expect((await first).status).toBe(400); // read whole (random bytes are no photo), not refused for room
    const third = await send(t.baseUrl, uploadBody(report, 1, 3 * 1024 * 1024));
    expect(third.status).toBe(403);
  });

  it('declaring more than the photo limits allow is a 413 at once', async () => {
    t = await createTestApp({ MEDIA_MAX_FILES: '1', MEDIA_MAX_FILE_BYTES: String(1024 * 1024) }, { listen: true });
    const answer = await send(t.baseUrl, uploadBody(report, 3, 4 * 1024 * 1024), { pauseMs: 2 });
    expect(answer.status).toBe(413);
    expect(answer.sentWhenAnswered).toBeLessThan(2 * 1024 * 1024);
  });
});
