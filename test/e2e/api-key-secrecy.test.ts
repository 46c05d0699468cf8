import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { projectRoot } from '../helpers/project-root';
import { readProxyApiKey } from '../helpers/proxy-key';

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * The proxy's key must never reach a browser: not in the built bundle, not in any answer, not in
 * the server's logs — checked on the real server as `npm start` runs it, with full logging.
 */
describe('the API key stays on the server', () => {
  let server: KerroServer;
  let key: string;
  beforeAll(async () => {
    server = await startKerroServer({ env: { LOG_LEVEL: 'trace' } });
    key = await readProxyApiKey({ DATA_DIR: server.dataDir });
  });
  afterAll(() => server?.stop());

  it('is a real key the proxy uses', async () => {
    expect(key).toMatch(/^kerro_[A-Za-z0-9_-]{43}$/);
    const body = new URLSearchParams({ service_code: '171', description: 'Secrecy check: a pothole here.', lat: '60.17', long: '24.94' });
    const response = await fetch(`${server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/service_request_id/);
    expect(text).not.toContain(key);
  });

  it('is not in the built web app', () => {
    const files = filesUnder(join(projectRoot, 'dist/client'));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const content = readFileSync(file, 'latin1');
      expect(content, file).not.toContain(key);
      // Any key of this form, not only this server's (the readable signed-in markers share the prefix: kerro_resident_signed_in).
      expect(content, file).not.toMatch(/kerro_[A-Za-z0-9_-]{43}/);
      expect(content, file).not.toContain('api_key');
    }
  });

  it('is not in any log line, even at trace level', async () => {
    const mark = server.output().length;
    await fetch(`${server.baseUrl}/proxy/open311/v1/services.json`);
    // The proxy's line is written once it has answered, so after its hop's.
    await expect.poll(() => server.output().slice(mark)).toContain('"url":"/proxy/open311/v1/services.json"');
    expect(server.output().length).toBeGreaterThan(0);
    expect(server.output()).not.toContain(key);
  });
});
