import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { proxyKeyFileName } from '../../src/server/auth/proxy-key';

/** The key the server made for its own proxy on first start (DATA_DIR/proxy-api-key). */
export function readProxyApiKey(dataDir: string): string {
  return readFileSync(join(dataDir, proxyKeyFileName), 'utf8').trim();
}
