import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './project-root';

/** What the client build reads; a change in any of these makes dist/client stale. */
const buildInputs = ['src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts'];
const builtIndex = join(projectRoot, 'dist/client/index.html');

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestModification(join(path, entry))), stat.mtimeMs);
}

export function clientBuildIsCurrent(): boolean {
  if (!existsSync(builtIndex)) return false;
  const builtAt = statSync(builtIndex).mtimeMs;
  return buildInputs.every((input) => newestModification(join(projectRoot, input)) <= builtAt);
}

/** vitest globalSetup of the e2e project: the browser tests need the real built app. */
export default function buildClientIfStale(): void {
  if (clientBuildIsCurrent()) return;
  console.log('[e2e] building the web app (vite build)…');
  execFileSync(process.execPath, [join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: projectRoot,
    // vitest sets NODE_ENV=test, which would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}
