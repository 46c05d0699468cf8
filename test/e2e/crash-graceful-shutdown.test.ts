import { existsSync, readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { multipartBody } from '../server/georeport/form';
import { readProxyApiKey } from '../helpers/proxy-key';

/** Bytes of photo the server has spooled so far (DATA_DIR/tmp, a folder per upload: open311/upload-spool.ts). */
function spooledBytes(dataDir: string): number {
  const spool = join(dataDir, 'tmp');
  if (!existsSync(spool)) return 0;
  return readdirSync(spool, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + (statSync(join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0), 0);
}

/** A photo-like JPEG of about a megabyte: noise compresses badly, as real photos do. */
async function largePhoto(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let offset = 0; offset < pixels.length; offset += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[offset] = seed >> 23;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

/** Starts a POST, sends the first part of the body and leaves the rest for later. */
function startSlowPost(baseUrl: string, path: string, headers: Record<string, string>, body: Buffer, firstBytes: number) {
  const request = httpRequest(`${baseUrl}${path}`, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  request.write(body.subarray(0, firstBytes));
  return {
    answer,
    finish: () => request.end(body.subarray(firstBytes)),
  };
}

describe('graceful shutdown on SIGTERM', () => {
  let server: KerroServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('stops taking connections, finishes the upload in flight, closes the database cleanly and exits 0', async () => {
    server = await startKerroServer();
    const apiKey = await readProxyApiKey({ DATA_DIR: server.dataDir });
    const photo = await largePhoto();
    expect(photo.length).toBeGreaterThan(500_000);
    const { payload, headers } = await multipartBody(
      { api_key: apiKey, service_code: '171', description: 'Sent while the server was asked to stop', lat: '60.1699', long: '24.9384' },
      [{ fileName: 'big.jpg', type: 'image/jpeg', data: photo }],
    );

    const upload = startSlowPost(server.baseUrl, '/open311/v1/requests.json', headers, payload, Math.floor(payload.length / 2));
    // The server has the headers and is writing the photo to its spool.
    const dataDir = server.dataDir;
    await expect.poll(() => spooledBytes(dataDir)).toBeGreaterThan(0);
    process.kill(server.pid, 'SIGTERM');

    // No new connections once stopping: refused, or at most answered 503.
    const late = () =>
      fetch(`${server!.baseUrl}/healthz`).then(
        (response) => `HTTP ${response.status}`,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
    await expect.poll(late).toMatch(/^(ECONNREFUSED|HTTP 503)$/);

    upload.finish();
    const { status, text } = await upload.answer;
    expect(status, text).toBe(200);
    const id = (JSON.parse(text) as { service_request_id: string }[])[0]!.service_request_id;

    const ended = await server.exited;
    expect(ended, server.output()).toEqual({ code: 0, signal: null });

    // Closed cleanly: the write-ahead log was checkpointed into the database file and removed.
    expect(existsSync(join(server.dataDir, 'kerro.sqlite-wal'))).toBe(false);
    const db = new Database(join(server.dataDir, 'kerro.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const row = db.prepare('SELECT description FROM service_requests WHERE service_request_id = ?').get(id) as { description: string } | undefined;
      expect(row?.description).toBe('Sent while the server was asked to stop');
      const media = db.prepare('SELECT file_name FROM request_media WHERE service_request_id = ?').all(id) as { file_name: string }[];
      expect(media).toHaveLength(1);
      expect(existsSync(join(server.dataDir, 'media', media[0]!.file_name))).toBe(true);
    } finally {
      db.close();
    }
  });
});
