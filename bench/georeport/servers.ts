import { fileURLToPath } from 'node:url';
import { spawnTsChild, type BenchChild } from '../lib/children';
import { serverNodeFlags } from '../lib/settings';

export interface RunningServer {
  child: BenchChild;
  origin: string;
}

async function start(file: string, env: Record<string, string>, nodeFlags: string[] = []): Promise<RunningServer> {
  const child = spawnTsChild(fileURLToPath(new URL(file, import.meta.url)), { env, nodeFlags });
  try {
    const { port } = await child.nextMessage();
    if (typeof port !== 'number') throw new Error(`${file} did not report a port`);
    return { child, origin: `http://127.0.0.1:${port}` };
  } catch (error) {
    await child.stop();
    throw error;
  }
}

/** The real Kerro server over `dataDir`, in its own process. */
export function startKerroServer(dataDir: string): Promise<RunningServer> {
  return start('./server-child.ts', { DATA_DIR: dataDir }, serverNodeFlags());
}

/** node:http answering every request with the bytes in `bodyFile`. */
export function startBareServer(bodyFile: string, contentType: string): Promise<RunningServer> {
  return start('./bare-server-child.ts', { BODY_FILE: bodyFile, CONTENT_TYPE: contentType });
}
