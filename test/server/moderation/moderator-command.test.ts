import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../src/server/admin/cli';
import { moderatorCommand } from '../../../src/server/admin/commands/moderator';
import { verifyPassword } from '../../../src/server/moderation/passwords';
import { loadConfig } from '../../../src/server/config';
import { openStore } from '../../../src/server/storage';
import { createTestApp } from '../../helpers/georeport-app';
import { createdStoreEnv } from '../../helpers/test-store';
import { printedLines } from '../admin/printed-lines';
import { login } from './moderation-client';

let dataDir: string;
/** The store the commands act on: DATA_DIR, and DATABASE_URL on PostgreSQL. */
let storeEnv: Record<string, string>;
const { out, err, io, clear } = printedLines();
const run = (args: string[], stdin = '') => {
  clear();
  return moderatorCommand(args, io, storeEnv, async () => stdin);
};

/** The stored moderator, read from the store as the server would. */
async function stored(name: string) {
  const store = await openStore(loadConfig(storeEnv));
  try {
    return await store.moderation.findModerator(name);
  } finally {
    await store.close();
  }
}

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kerro-moderator-'));
  storeEnv = await createdStoreEnv(dataDir);
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin -- moderator', () => {
  it('add generates a strong password, prints it once alone on the last line, and stores only its scrypt hash', async () => {
    expect(await run(['add', 'Maija', '--admin'])).toBe(0);
    expect(out[0]).toBe('Created moderator "maija", an administrator of every body, who sees every request.');
    const password = out.at(-1)!;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(out.at(-2)).toMatch(/only once/);
    const moderator = await stored('maija');
    expect(moderator!.password_hash).toMatch(/^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(moderator!.password_hash).not.toContain(password);
    expect(await verifyPassword(password, moderator!.password_hash)).toBe(true);
    expect(await verifyPassword(`${password}x`, moderator!.password_hash)).toBe(false);
  });

  it('add --password-stdin takes the password from standard input, less one line break, and prints none', async () => {
    expect(await run(['add', 'pekka', '--admin', '--password-stdin'], 'a long enough passphrase\n')).toBe(0);
    expect(out).toEqual(['Created moderator "pekka", an administrator of every body, who sees every request.']);
    expect(await verifyPassword('a long enough passphrase', (await stored('pekka'))!.password_hash)).toBe(true);
  });

  it('refuses a short password, a taken name and a bad name', async () => {
    expect(await run(['add', 'pekka', '--admin', '--password-stdin'], 'short\n')).toBe(1);
    expect(err).toEqual(['Refused: a password must be at least 12 characters.']);
    expect(await run(['add', 'pekka', '--admin'])).toBe(0);
    expect(await run(['add', 'PEKKA', '--admin'])).toBe(1);
    expect(err[0]).toMatch(/already exists/);
    expect(await run(['add', 'bad name!', '--admin'])).toBe(2);
    expect(err[0]).toMatch(/^Invalid name/);
    expect(await run(['add', '--admin'])).toBe(2);
    expect(await run(['add', 'x', '--admin', '--force'])).toBe(2);
  });

  it('list shows names and dates, never passwords or hashes', async () => {
    expect(await run(['list'])).toBe(0);
    expect(out).toEqual(['No moderators. Add one with: npm run admin -- moderator add NAME']);
    await run(['add', 'maija', '--admin']);
    await run(['add', 'pekka', '--admin']);
    await run(['disable', 'pekka']);
    expect(await run(['list'])).toBe(0);
    expect(out[0]).toMatch(/^NAME\s+BODIES\s+CREATED\s+DISABLED$/);
    expect(out[1]).toMatch(/^maija\s+administrator\s+\d{4}-\d\d-\d\dT[\d:.]+Z\s+-$/);
    expect(out[2]).toMatch(/^pekka\s+administrator\s+\S+Z\s+\S+Z$/);
    expect(out.join('\n')).not.toContain('scrypt');
  });

  it('disable, enable and password act on a running server\'s data: sign-in follows', async () => {
    const t = await createTestApp();
    try {
      const runThere = (args: string[], stdin = '') => {
        clear();
        return moderatorCommand(args, io, t.env, async () => stdin);
      };
      await runThere(['add', 'maija', '--admin', '--password-stdin'], 'first password 123');
      const first = await login(t, 'maija', 'first password 123');
      expect(first.statusCode).toBe(200);
      const cookie = [first.headers['set-cookie']].flat()[0]!.split(';')[0]!;
      const queue = () => t.app.inject({ method: 'GET', url: '/moderation/api/queue', headers: { cookie } });
      expect((await queue()).statusCode).toBe(200);

      expect(await runThere(['password', 'maija', '--password-stdin'], 'second password 456')).toBe(0);
      expect(out).toEqual(['Changed the password of "maija" and ended their sessions.']);
      expect((await queue()).statusCode).toBe(401);
      expect((await login(t, 'maija', 'first password 123')).statusCode).toBe(401);
      expect((await login(t, 'maija', 'second password 456')).statusCode).toBe(200);

      expect(await runThere(['disable', 'maija'])).toBe(0);
      expect((await login(t, 'maija', 'second password 456')).statusCode).toBe(401);
      expect(await runThere(['enable', 'maija'])).toBe(0);
      expect((await login(t, 'maija', 'second password 456')).statusCode).toBe(200);

      expect(await runThere(['disable', 'nobody'])).toBe(1);
      expect(err[0]).toMatch(/No moderator is named "nobody"/);
    } finally {
      await t.close();
    }
  });

  it('is wired into the admin CLI, and the real entry point reads the password from stdin', async () => {
    clear();
    expect(await runAdmin(['moderator', '--help'], io, storeEnv)).toBe(2);
    expect(out.join('\n')).toMatch(/moderator add NAME --body ID\.\.\. \| --admin \[--password-stdin\]/);

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/admin/cli.ts', 'moderator', 'add', 'ville', '--admin', '--password-stdin'], {
      cwd: process.cwd(),
      // An empty DATABASE_URL is unset: the SQLite run must not follow one from the outer environment.
      env: { ...process.env, DATABASE_URL: '', ...storeEnv },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdin.end('piped in password\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stdout).toBe('Created moderator "ville", an administrator of every body, who sees every request.\n');
    expect(await verifyPassword('piped in password', (await stored('ville'))!.password_hash)).toBe(true);
  }, 60_000);
});
