/**
 * The data directory holds personal data (emails, phones, password hashes in kerro.sqlite; raw
 * photos with their GPS tags in the spool): only the server's own user may read it.
 */
import { chmod, mkdir } from 'node:fs/promises';
import type { Config } from './config';
import { cleanStaleSpool, uploadSpoolDirectory } from './open311/upload-spool';

/**
 * Before anything is written: files this process creates are 600 and folders 700 (umask 077),
 * DATA_DIR is 700 even if an older version made it 755, and uploads a crash left in the spool
 * are removed (this DATA_DIR is this instance's own; see README, "Running several instances").
 */
export async function prepareDataDirectory(config: Pick<Config, 'DATA_DIR'>): Promise<{ staleUploadsRemoved: number }> {
  process.umask(0o077);
  await mkdir(config.DATA_DIR, { recursive: true, mode: 0o700 });
  await chmod(config.DATA_DIR, 0o700);
  const spool = uploadSpoolDirectory(config);
  await mkdir(spool, { recursive: true, mode: 0o700 });
  await chmod(spool, 0o700);
  return { staleUploadsRemoved: await cleanStaleSpool(spool, 0) };
}
