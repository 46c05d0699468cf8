import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKerroServer } from './kerro-server';
import { projectRoot } from './project-root';
import { keepAsTemplate, seededDataTemplate } from './seeded-data';

interface Build {
  what: string;
  /** What the build reads; a change in any of these makes it stale. */
  inputs: string[];
  /** A file the build writes last-ish: its time is the build's. */
  output: string;
  viteArgs: string[];
}

const builds: Build[] = [
  {
    what: 'the web app',
    inputs: ['src/client', 'src/shared', 'src/service-worker', 'public', 'index.html', 'vite.config.ts'],
    output: 'dist/client/index.html',
    viteArgs: ['build'],
  },
  {
    // The e2e servers run compiled, as `npm start` does: plain node starts in half the time of tsx.
    what: 'the server',
    inputs: ['src/server', 'src/shared', 'vite.server.config.ts', 'package.json'],
    output: 'dist-server/server/main.js',
    viteArgs: ['build', '--config', 'vite.server.config.ts'],
  },
];

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestModification(join(path, entry))), stat.mtimeMs);
}

function isCurrent(build: Build): boolean {
  const output = join(projectRoot, build.output);
  if (!existsSync(output)) return false;
  const builtAt = statSync(output).mtimeMs;
  return build.inputs.every((input) => newestModification(join(projectRoot, input)) <= builtAt);
}

/** vitest globalSetup of the e2e project: the browser tests need the real built app and server. */
export default async function buildIfStale(): Promise<void> {
  for (const build of builds) {
    if (isCurrent(build)) continue;
    console.log(`[e2e] building ${build.what} (vite ${build.viteArgs.join(' ')})…`);
    execFileSync(process.execPath, [join(projectRoot, 'node_modules/vite/bin/vite.js'), ...build.viteArgs, '--logLevel', 'warn'], {
      cwd: projectRoot,
      // vitest sets NODE_ENV=test, which would bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    });
  }
  // Both e2e projects name this set-up; the second finds the first one's template current.
  if (!isTemplateCurrent()) await seedTemplate();
}

/** Made after the server's build and recently: the demo data's times are relative to the seeding. */
function isTemplateCurrent(): boolean {
  if (!existsSync(seededDataTemplate)) return false;
  const madeAt = statSync(seededDataTemplate).mtimeMs;
  return madeAt > statSync(join(projectRoot, 'dist-server/server/main.js')).mtimeMs && Date.now() - madeAt < 30 * 60_000;
}

/** The run's seeded data directory (seeded-data.ts), made by the server just built, stopped cleanly. */
async function seedTemplate(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kerro-seed-'));
  const server = await startKerroServer({ dataDir });
  await server.stop();
  keepAsTemplate(dataDir);
}
