import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../src/server/admin/cli';
import { verifyApiKey } from '../../../src/server/auth/api-keys';
import { loadConfig } from '../../../src/server/config';
import { startServer } from '../../../src/server/main';
import { openStore } from '../../../src/server/storage';
import { buildReleasedState, earlierReleasedStates, expectRowsKept, writeRowsAt } from '../../helpers/released-schema';
import { createdStoreEnv, freshStoreEnv } from '../../helpers/test-store';
import { printedLines } from './printed-lines';

const execFileAsync = promisify(execFile);

describe('admin CLI dispatcher', () => {
  let dataDir: string;
  let storeEnv: Record<string, string>;
  const { out, err, announced, io, clear } = printedLines();
  const run = (...argv: string[]) => {
    clear();
    return runAdmin(argv, io, storeEnv);
  };

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kerro-cli-'));
    storeEnv = await freshStoreEnv(dataDir);
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints usage and exits 2 for --help, nothing, or an unknown group', async () => {
    for (const argv of [['--help'], [], ['help']]) {
      expect(await run(...argv)).toBe(2);
      expect(out.join('\n')).toMatch(/^Usage: npm run admin -- <group> <command>/);
      expect(out.join('\n')).toMatch(/apikey create NAME/);
      expect(out.join('\n')).toMatch(/counters/);
    }
    expect(await run('frobnicate')).toBe(2);
    expect(err[0]).toBe('Unknown command group "frobnicate".');
    expect(err.join('\n')).toMatch(/Usage:/);
    expect(await run('toString')).toBe(2);
  });

  it('passes apikey commands on, with usage for unknown ones', async () => {
    storeEnv = await createdStoreEnv(dataDir);
    expect(await run('apikey', 'frobnicate')).toBe(2);
    expect(err.join('\n')).toMatch(/Unknown apikey command/);
    expect(await run('apikey', 'list')).toBe(0);
    expect(out.join('\n')).toMatch(/No API keys/);
  });

  it('db migrate brings a fresh database to the schema this Kerro runs on, and is a no-op after', async () => {
    expect(await run('db', 'migrate', '--create')).toBe(0);
    expect(out).toEqual(['The database schema is up to date.']);
    const store = await openStore(loadConfig(storeEnv));
    try {
      expect(await store.serviceTypes.count()).toBe(0);
    } finally {
      await store.close();
    }
    expect(await run('db', 'migrate')).toBe(0);
    expect(await run('db', 'migrate', 'now')).toBe(2);
    expect(err[0]).toBe('db migrate takes no arguments.');
  });

  it('db migrate upgrades a database main left at e0ddfcb (0016 and 0017 before 0015), and the server starts on it with its reports', { timeout: 30_000 }, async () => {
    const state = earlierReleasedStates().find((released) => released.commit === 'e0ddfcb')!;
    await buildReleasedState(storeEnv, state);
    await writeRowsAt(storeEnv, state);

    expect(await run('db', 'migrate')).toBe(0);
    expect(err).toEqual([]);
    expect(announced).toEqual([`Using the SQLite database ${join(dataDir, 'kerro.sqlite')}.`]);
    expect(out).toEqual(['The database schema is up to date.']);
    await expectRowsKept(storeEnv, state);

    const server = await startServer(loadConfig({ ...storeEnv, PORT: '0', DEMO_DATA: 'false', LOG_LEVEL: 'silent' }));
    try {
      const address = server.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const answer = await fetch(`http://127.0.0.1:${port}/open311/v1/requests/kept-1.json`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual([expect.objectContaining({ service_request_id: 'kept-1', description: 'A pothole outside number 12' })]);
    } finally {
      await server.stop();
    }
  });

  it('reports a bad environment with exit 1 instead of a stack trace', async () => {
    clear();
    expect(await runAdmin(['apikey', 'list'], io, { ...storeEnv, PORT: 'eighty' })).toBe(1);
    expect(err.join('\n')).toMatch(/Invalid configuration:\n\s+PORT/);
  });

  it('the real entry point creates a key in the configured store and prints it alone on the last line', async () => {
    storeEnv = await createdStoreEnv(dataDir);
    // An empty DATABASE_URL is unset: the SQLite run must not follow one from the outer environment.
    const env = { ...process.env, DATABASE_URL: '', ...storeEnv };
    const created = await execFileAsync('npx', ['tsx', 'src/server/admin/cli.ts', 'apikey', 'create', 'integration'], {
      cwd: process.cwd(),
      env,
    });
    const lines = created.stdout.trimEnd().split('\n');
    const key = lines.at(-1)!;
    expect(key).toMatch(/^kerro_[A-Za-z0-9_-]{43}$/);
    expect(lines.at(-2)).toMatch(/only once/);
    expect(created.stderr.split('\n')).toContain(`Using the SQLite database ${join(dataDir, 'kerro.sqlite')}.`);

    const store = await openStore(loadConfig(storeEnv));
    try {
      expect(await verifyApiKey(store.apiKeys, key)).toMatchObject({ name: 'integration' });
    } finally {
      await store.close();
    }

    const failed = await execFileAsync('npx', ['tsx', 'src/server/admin/cli.ts', 'nonsense'], { cwd: process.cwd(), env }).then(
      () => undefined,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toMatch(/Usage:/);
    expect(`${failed?.stdout}${failed?.stderr}`).not.toContain(key);
  }, 60_000);
});
