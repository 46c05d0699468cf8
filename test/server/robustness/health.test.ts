import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

describe('health endpoints', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers liveness and readiness, uncached, without a log line at info level', async () => {
    t = await createTestApp({}, { captureLogs: true });
    const live = await t.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    // The write probe leaves nothing behind in the media directory.
    expect(readdirSync(join(t.dataDir, 'media'))).toEqual([]);
    expect(t.logs.filter((line) => /healthz|readyz/.test(line))).toEqual([]);
    // Other requests are still logged, so the silence above is the probes' own setting.
    await t.app.inject({ url: '/open311/v1/services.json' });
    expect(t.logs.some((line) => line.includes('/open311/v1/services.json'))).toBe(true);
  });

  it('is unavailable, naming the check, when photos cannot be written', async () => {
    t = await createTestApp({}, { captureLogs: true });
    // A file where the media directory should be: no photo could be stored (root ignores chmod).
    rmSync(join(t.dataDir, 'media'), { recursive: true, force: true });
    writeFileSync(join(t.dataDir, 'media'), 'not a directory');
    const answer = await t.app.inject({ url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', media: 'failed' } });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    // The operator hears about it once, at error level.
    expect(t.logs.filter((line) => line.includes('not ready')).length).toBe(1);
    rmSync(join(t.dataDir, 'media'));
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('is unavailable when the database does not answer', async () => {
    t = await createTestApp();
    t.db.close();
    const answer = await t.app.inject({ url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'unavailable', checks: { database: 'failed', media: 'ok' } });
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });
});
