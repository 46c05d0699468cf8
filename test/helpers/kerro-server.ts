import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverProcessEnv } from '../../src/server/process-env';
import { projectRoot } from './project-root';
import { canStartFromTemplate, copyOfSeededData } from './seeded-data';

export interface KerroServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  pid: number;
  /** Everything the server printed so far, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
  /** Settles when the process ends, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Asks the OS for a free port on loopback, then releases it for the server to take. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the real server (compiled, as `npm start` does) on a fresh data directory
 * and a free loopback port, and resolves once it answers HTTP.
 */
export async function startKerroServer(
  options: {
    env?: Record<string, string>;
    startupTimeoutMs?: number;
    /** Sets PUBLIC_BASE_URL to the server's own loopback URL (emails link to requests only with it). */
    publicBaseUrl?: boolean;
    /**
     * `built` (the default): the compiled server (dist-server, as `npm start` runs it) on plain
     * node, built by the e2e project's globalSetup when the source changed; `source`: the
     * TypeScript through tsx, which starts in about twice the time.
     */
    build?: 'source' | 'built';
    /** An existing data directory (e.g. to restart on it); it is left in place when the server stops. */
    dataDir?: string;
    /** Where the server runs from (a copied production install); the project by default. */
    cwd?: string;
    /** A given port (e.g. to restart where clients already point); a free one by default. */
    port?: number;
    /** Seed the demo data itself rather than start from a copy of the run's seeded template (seeded-data.ts). */
    seedItself?: boolean;
  } = {},
): Promise<KerroServer> {
  const port = options.port ?? (await findFreePort());
  const fromTemplate = !options.dataDir && !options.cwd && !options.seedItself && canStartFromTemplate(options.env);
  const dataDir = options.dataDir ?? (fromTemplate ? copyOfSeededData() : mkdtempSync(join(tmpdir(), 'kerro-e2e-')));
  const baseUrl = `http://127.0.0.1:${port}`;

  // node --import tsx rather than npx tsx: one process, so its PID is the server's own.
  const args = options.build === 'source' ? ['--import', 'tsx', 'src/server/main.ts'] : ['dist-server/server/main.js'];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? projectRoot,
    // NODE_ENV as `npm start` sets it (vitest's own is 'test').
    env: { ...process.env, ...serverProcessEnv, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(options.publicBaseUrl ? { PUBLIC_BASE_URL: baseUrl } : {}), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const cleanUp = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (!hasExited && child.pid) {
      process.kill(child.pid, 'SIGTERM');
      // Well past the server's own 20 s cut-off for connections left open, so that is what shows: on
      // a crowded machine a server that had just checked 600 reports took more than 25 s to exit.
      const timedOut = await Promise.race([exited.then(() => false), sleep(60_000).then(() => true)]);
      if (timedOut && !hasExited) {
        process.kill(child.pid, 'SIGKILL');
        await exited;
      }
    }
    cleanUp();
  };

  // A bound, not a wait: the loop ends as soon as the server answers (about 5 s on an idle machine).
  // Two e2e files start theirs at once on two shared cores, where a start has taken over 30 s.
  const deadline = Date.now() + (options.startupTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (hasExited) {
      cleanUp();
      throw new Error(`Kerro server exited during start-up:\n${output}`);
    }
    try {
      await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(1_000) });
      return { baseUrl, port, dataDir, pid: child.pid ?? 0, output: () => output, stop, exited };
    } catch {
      await sleep(200); // not listening yet
    }
  }
  await stop();
  throw new Error(`Kerro server did not answer on ${baseUrl} within the time limit:\n${output}`);
}
