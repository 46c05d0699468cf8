import { fileURLToPath } from 'node:url';
import { startServerChild, type RunningServer } from '../lib/servers';
import { serverNodeFlags } from '../lib/settings';

export type { RunningServer } from '../lib/servers';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The real Kerro server over `dataDir` (SQLite), or over `databaseUrl` (PostgreSQL) if given, in its own process. */
export function startKerroServer(dataDir: string, databaseUrl?: string): Promise<RunningServer> {
  // Set to empty, not left out: the bench's own environment must not choose the backend.
  return startServerChild(here('./server-child.ts'), { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' }, serverNodeFlags());
}

/** node:http answering every request with the bytes in `bodyFile`, or in `encoded.file` when the request accepts its coding. */
export function startBareServer(bodyFile: string, contentType: string, encoded?: { file: string; coding: string }): Promise<RunningServer> {
  const encoding: Record<string, string> = encoded ? { ENCODED_FILE: encoded.file, CONTENT_ENCODING: encoded.coding } : {};
  return startServerChild(here('./bare-server-child.ts'), { BODY_FILE: bodyFile, CONTENT_TYPE: contentType, ...encoding });
}
