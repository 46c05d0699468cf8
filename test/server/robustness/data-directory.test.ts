import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKerroServer, type KerroServer } from '../../helpers/kerro-server';

/** The real server (npm start's entry point) on a DATA_DIR an older version left 755 with a crashed upload in it. */
describe('the data directory', () => {
  let server: KerroServer;
  let dataDir: string;
  const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kerro-data-dir-'));
    chmodSync(dataDir, 0o755);
    const crashed = join(dataDir, 'tmp', 'a1b2c3');
    mkdirSync(crashed, { recursive: true });
    writeFileSync(join(crashed, 'upload-1'), 'raw photo with GPS', { mode: 0o644 });
    utimesSync(crashed, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    server = await startKerroServer({ dataDir, env: { DEMO_DATA: 'false', LOG_LEVEL: 'info' } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is 700 and everything written in it 600 (folders 700), a photo upload included', async () => {
    const services = (await (await fetch(`${server.baseUrl}/proxy/open311/v1/services.json`)).json()) as unknown[];
    expect(services).toEqual([]); // no demo data: the submission is refused, but its photo went through the spool
    const form = new FormData();
    form.append('service_code', 'none');
    form.append('description', 'A deep pothole in front of the school');
    form.append('media[]', new Blob([new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).jpeg().toBuffer())], { type: 'image/jpeg' }), 'a.jpg');
    await fetch(`${server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body: form });

    expect(mode(dataDir)).toBe('700');
    const walk = (directory: string): string[] =>
      readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
        const path = join(directory, entry.name);
        return entry.isDirectory() ? [path, ...walk(path)] : [path];
      });
    const entries = walk(dataDir);
    expect(entries).toContain(join(dataDir, 'kerro.sqlite'));
    for (const path of entries) expect(`${path.slice(dataDir.length)} ${mode(path)}`).toBe(`${path.slice(dataDir.length)} ${statSync(path).isDirectory() ? '700' : '600'}`);
  });

  it('has no uploads left from an earlier run, and says it removed them', () => {
    expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);
    expect(server.output()).toContain('removed uploads an earlier run left in DATA_DIR/tmp');
  });
});
