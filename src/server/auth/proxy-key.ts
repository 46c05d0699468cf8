import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Repositories } from '../storage/repositories/types';
import { createApiKey, verifyApiKey } from './api-keys';

export const proxyKeyName = 'kerro-proxy';
export const proxyKeyFileName = 'proxy-api-key';

/**
 * The key the embedded proxy sends to the embedded GeoReport service. Only its hash is in the
 * database, so the key itself is kept in DATA_DIR/proxy-api-key, readable by the owner only.
 * Reuses the file's key while it is active; otherwise (first start, revoked, new database)
 * issues a fresh one and replaces the file.
 */
export async function ensureProxyApiKey(
  repositories: Pick<Repositories, 'apiKeys'>,
  dataDir: string,
  now: number = Date.now(),
): Promise<string> {
  const file = join(dataDir, proxyKeyFileName);
  const stored = await readKeyFile(file);
  if (stored && (await verifyApiKey(repositories.apiKeys, stored))) {
    await chmod(file, 0o600);
    return stored;
  }
  const { key } = await createApiKey(repositories.apiKeys, proxyKeyName, now);
  await writeKeyFile(file, key);
  return key;
}

async function readKeyFile(file: string): Promise<string | undefined> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return text.length > 0 ? text : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Write beside, then rename: a crash never leaves a half-written key, and the mode is set at creation. */
async function writeKeyFile(file: string, key: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${key}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600); // the umask cannot widen 0600, but an existing temp file might have
  await rename(temporary, file);
}
