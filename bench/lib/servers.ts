import { fileURLToPath } from 'node:url';
import { serverProcessEnv } from '../../src/server/process-env';
import { spawnTsChild, type BenchChild } from './children';
import { serverNodeFlags } from './settings';

export interface RunningServer {
  child: BenchChild;
  origin: string;
}

/** Starts a server child (a file that prints {"port": N} when listening) and waits for its port. */
export async function startServerChild(file: string, env: Record<string, string>, nodeFlags: string[] = []): Promise<RunningServer> {
  const child = spawnTsChild(file, { env, nodeFlags });
  try {
    const { port } = await child.nextMessage();
    if (typeof port !== 'number') throw new Error(`${file} did not report a port`);
    return { child, origin: `http://127.0.0.1:${port}` };
  } catch (error) {
    await child.stop();
    throw error;
  }
}

/**
 * The real Kerro server as `npm start` runs it (startServer: demo data seeded into the empty
 * `dataDir`, the proxy forwarding to this same process over loopback), in its own process.
 * `env` adds server settings, e.g. PROXY_POSTS_PER_MINUTE, or DATABASE_URL for PostgreSQL
 * (then the demo data goes into that database).
 */
export function startDemoServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const file = fileURLToPath(new URL('./demo-server-child.ts', import.meta.url));
  // DATABASE_URL empty unless asked for: the bench's own environment must not choose the backend.
  return startServerChild(file, { DATABASE_URL: '', ...serverProcessEnv, ...env, DATA_DIR: dataDir }, serverNodeFlags());
}
