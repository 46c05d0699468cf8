import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { testBackend } from '../../helpers/test-store';

describe('health endpoints', { timeout: 30_000 }, () => {
  let t: TestApp | undefined;
  let mediaRoot: string | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    if (mediaRoot) rmSync(mediaRoot, { recursive: true, force: true });
    mediaRoot = undefined;
  });

  /**
   * Photos as files: DATA_DIR/media on SQLite (the default); on PostgreSQL, which keeps them in
   * the database unless told otherwise, a MEDIA_DIR of the test's own.
   */
  const photosAsFiles = (): Record<string, string> => {
    if (testBackend === 'sqlite') return {};
    mediaRoot = mkdtempSync(join(tmpdir(), 'kerro-health-media-'));
    return { MEDIA_DIR: join(mediaRoot, 'media') };
  };
  const mediaDirectoryOf = (app: TestApp) => app.config.MEDIA_DIR ?? join(app.dataDir, 'media');

  it('answers liveness and readiness, uncached, without a log line at info level', async () => {
    t = await createTestApp(photosAsFiles(), { captureLogs: true });
    const live = await t.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    // The write probe leaves nothing behind in the media directory.
    expect(readdirSync(mediaDirectoryOf(t))).toEqual([]);
    expect(t.logs.filter((line) => /healthz|readyz/.test(line))).toEqual([]);
    // Other requests are still logged, so the silence above is the probes' own setting.
    await t.app.inject({ url: '/open311/v1/services.json' });
    expect(t.logs.some((line) => line.includes('/open311/v1/services.json'))).toBe(true);
  });

  it('is unavailable, naming the check, when photos cannot be written', async () => {
    t = await createTestApp(photosAsFiles(), { captureLogs: true });
    // A file where the media directory should be: no photo could be stored (root ignores chmod).
    rmSync(mediaDirectoryOf(t), { recursive: true, force: true });
    writeFileSync(mediaDirectoryOf(t), 'not a directory');
    const answer = await t.app.inject({ url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', media: 'failed', disk: 'ok' } });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    // The operator hears about it once, at error level.
    expect(t.logs.filter((line) => line.includes('not ready')).length).toBe(1);
    rmSync(mediaDirectoryOf(t));
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('is unavailable when the database does not answer', async () => {
    t = await createTestApp(photosAsFiles());
    await t.store.close();
    const answer = await t.app.inject({ url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'unavailable', checks: { database: 'failed', media: 'ok', disk: 'ok' } });
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });

  it.runIf(testBackend === 'postgres')('with photos in the database, names only the database when it is down', async () => {
    t = await createTestApp();
    await t.store.close();
    const answer = await t.app.inject({ url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'unavailable', checks: { database: 'failed', disk: 'ok' } });
  });

  it('turns unready when the disk has no room for one more report with the largest photos, before uploads fail with 507', async () => {
    // The real free space of this machine's disk, against a largest upload no disk here has room for.
    const petabyte = String(2 ** 50);
    t = await createTestApp({ ...photosAsFiles(), MEDIA_MAX_FILE_BYTES: petabyte, MEDIA_MAX_FILES: '1' }, { captureLogs: true });
    const answer = await t.app.inject({ url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', media: 'ok', disk: 'failed' } });
    // The operator's log says where and by how much; the public answer does not name paths. The
    // spool and the photos share this test's disk: room for the upload twice (spooled, then stored).
    const line = t.logs.find((candidate) => candidate.includes('not ready'))!;
    expect(JSON.parse(line)).toMatchObject({ diskShort: [{ directory: join(t.dataDir, 'tmp'), neededBytes: 2 * 2 ** 50 }] });
    expect(answer.body).not.toContain(t.dataDir);
  });

  it('is ready with room for one more largest report (the default limits)', async () => {
    t = await createTestApp(photosAsFiles());
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
