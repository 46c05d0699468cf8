import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { projectRoot } from '../helpers/project-root';

/**
 * A production install holds the build and the production dependencies only (what
 * `npm ci --omit=dev` leaves; that command itself takes minutes here, so the same set is
 * hard-linked from this checkout, as `npm ls --omit=dev` names it). The server and the admin
 * command must both run there: no tsx, no vite.
 */
let install: string;
let server: KerroServer | undefined;

beforeAll(() => {
  // dist-server is what `npm run build:server` wrote: the e2e globalSetup builds it when the source changed.
  install = mkdtempSync(join(tmpdir(), 'kerro-production-'));
  execFileSync('cp', ['-al', join(projectRoot, 'dist-server'), install]);
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(projectRoot, file), join(install, file));
  const packages = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: projectRoot, encoding: 'utf8' })
    .split('\n')
    .filter((path) => path.includes('/node_modules/'));
  for (const path of packages) {
    const target = join(install, relative(projectRoot, path));
    if (existsSync(target)) continue; // inside a package already linked whole
    mkdirSync(dirname(target), { recursive: true });
    execFileSync('cp', ['-al', path, target]);
  }
}, 240_000);
afterAll(async () => {
  await server?.stop();
  if (install) rmSync(install, { recursive: true, force: true });
});

it('a tree with production dependencies only runs the server and the admin commands', { timeout: 120_000 }, async () => {
  for (const devTool of ['tsx', 'vite', 'vitest']) expect(existsSync(join(install, 'node_modules', devTool))).toBe(false);
  const dataDir = join(install, 'data');
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'false', LOG_LEVEL: 'warn' };
  // `npm run admin` as an operator types it, the compiled command already there; before any server
  // ran on this DATA_DIR, so the first command is told to make the database (--create).
  const created = execFileSync('npm', ['run', '--silent', 'admin', '--', 'apikey', 'create', 'production', '--create'], { cwd: install, env, encoding: 'utf8' });
  expect(created.trimEnd().split('\n').at(-1)).toMatch(/^kerro_[A-Za-z0-9_-]{43}$/);
  expect(execFileSync('npm', ['run', '--silent', 'admin', '--', 'outbox', 'list'], { cwd: install, env, encoding: 'utf8' })).toBe('0 pending; 0 given up.\n');

  server = await startKerroServer({ build: 'built', cwd: install, dataDir, env: { DATABASE_URL: '', DEMO_DATA: 'false' } });
  expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
  const services = await fetch(`${server.baseUrl}/open311/v1/services.json`);
  expect(services.status).toBe(200);
});
