import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { multipartBody, validReport } from '../georeport/form';

// A real full disk: a 16 KB tmpfs as MEDIA_DIR, which needs root to mount.
const isRoot = process.getuid?.() === 0;

describe.skipIf(!isRoot)('a photo store that runs out of space (a 16 KB tmpfs)', () => {
  let t: TestApp;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'kerro-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', mediaDir]);
    t = await createTestApp({ MEDIA_DIR: mediaDir });
  });
  afterAll(async () => {
    await t?.close();
    execFileSync('umount', [mediaDir]);
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const submit = async (photo: Buffer) => {
    const body = await multipartBody({ ...validReport, api_key: t.apiKey }, [{ fileName: 'p.jpg', type: 'image/jpeg', data: photo }]);
    return t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...body });
  };
  const count = async () => Number((await t.sql.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM service_requests'))!.n);

  it('answers 507 with a clear error record, saves nothing, leaves no half-written file, and keeps answering', async () => {
    // Noise does not compress: re-encoded, this photo is far over 16 KB.
    const noise = Buffer.from(Array.from({ length: 600 * 400 * 3 }, () => Math.floor(Math.random() * 256)));
    const big = await sharp(noise, { raw: { width: 600, height: 400, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    const before = await count();

    const refused = await submit(big);
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual([{ code: 507, description: expect.stringMatching(/storage is full.*nothing was saved/) }]);
    expect(await count()).toBe(before);
    expect(readdirSync(mediaDir)).toEqual([]);
    expect((await t.app.inject('/open311/v1/discovery.json')).statusCode).toBe(200);

    // A small photo still fits: the server recovers without a restart.
    const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#456' } }).jpeg().toBuffer();
    const accepted = await submit(small);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await count()).toBe(before + 1);
    expect(readdirSync(mediaDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
