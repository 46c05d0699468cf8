/**
 * The one answer to "is the build up to date?", and the build when it is not: for `npm start`
 * (scripts/build-if-changed.mjs) and the end-to-end tests' set-up (test/helpers/build-for-e2e.ts).
 * After each build it records, beside the output, a hash of what the build read and the output's
 * time; a build is current while that output is there, untouched, and the same hash comes out
 * now. Contents, not modification times: a checkout or a copy does not cost a build, and an older
 * file brought back still does. A build made another way (`npm run build`) leaves the output's
 * time changed, so the next check builds once more rather than trust it. Plain JavaScript, so it
 * runs without the dev tools: a production install starts without Vite when nothing changed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const projectRoot = join(import.meta.dirname, '..');

/** The files Vite reads the web app's VITE_* settings from in production mode, beside the environment's own. */
const envFiles = ['.env', '.env.local', '.env.production', '.env.production.local'];

/** What each build reads: a change in a file under these, or in a VITE_* setting for the web app, makes it stale. */
export const builds = {
  client: {
    what: 'the web app',
    inputs: ['src/client', 'src/shared', 'src/service-worker', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', ...envFiles],
    /** VITE_* settings are built into the app's code. */
    readsViteEnv: true,
    output: 'dist/client/index.html',
    // Outside dist/client, which is served and which each build empties.
    stamp: 'dist/client-build-stamp.json',
    viteArgs: ['build'],
  },
  server: {
    what: 'the server',
    inputs: ['src/server', 'src/shared', 'vite.server.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'],
    readsViteEnv: false,
    output: 'dist-server/server/main.js',
    // Written after the build, which empties dist-server first.
    stamp: 'dist-server/build-stamp.json',
    viteArgs: ['build', '--config', 'vite.server.config.ts'],
  },
};

/** Every file under a path, sorted, as paths from the root with `/`; none for a path that is not there. */
function filesUnder(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** The hash of what a build reads now: its files' names and contents, and for the web app the VITE_* settings. */
export function inputsHash(build, root = projectRoot, env = process.env) {
  const hash = createHash('sha256');
  for (const file of build.inputs.flatMap((input) => filesUnder(root, input))) {
    const content = readFileSync(join(root, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  if (build.readsViteEnv) {
    // VITE_USER_NODE_ENV is Vite's own note of a NODE_ENV in an .env file, which is hashed already.
    const names = Object.keys(env).filter((key) => key.startsWith('VITE_') && key !== 'VITE_USER_NODE_ENV');
    for (const name of names.sort()) hash.update(`env ${name}=${env[name]}\0`);
  }
  return hash.digest('hex');
}

/** Why the build must run, or undefined when its output is there, as its last build left it, from what is there now. */
export function staleness(build, root = projectRoot, env = process.env) {
  const output = join(root, build.output);
  if (!existsSync(output)) return 'it was never built';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, build.stamp), 'utf8'));
  } catch {
    return 'its last build recorded no inputs';
  }
  if (stamp.outputMtimeMs !== statSync(output).mtimeMs) return 'it was built another way since';
  return stamp.inputs === inputsHash(build, root, env) ? undefined : 'its sources or settings changed';
}

/** Vite with the build's arguments, NODE_ENV=production: React's production build, whatever the caller runs under. */
function runVite(build, root, env) {
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), ...build.viteArgs, '--logLevel', 'warn'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}

/**
 * Builds when stale, then records the stamp. The hash is taken before the build starts: a file
 * changed while it runs makes the next check build again. Answers whether it built; throws if the
 * build fails (and records nothing). `run` is Vite unless a test passes its own.
 */
export function buildIfStale(build, { root = projectRoot, env = process.env, log = console.log, run = runVite } = {}) {
  const reason = staleness(build, root, env);
  if (reason === undefined) return false;
  const inputs = inputsHash(build, root, env);
  log(`building ${build.what} (${reason})…`);
  run(build, root, env);
  const outputMtimeMs = statSync(join(root, build.output)).mtimeMs;
  writeFileSync(join(root, build.stamp), `${JSON.stringify({ inputs, outputMtimeMs, builtAt: new Date().toISOString() })}\n`);
  return true;
}
