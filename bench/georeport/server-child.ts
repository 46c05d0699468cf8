/**
 * The real Kerro server (buildApp + openDatabase + loadConfig) on a loopback port, over the
 * DATA_DIR the bench filled. Prints {"port": N} when listening; SIGTERM closes it cleanly (so a
 * --cpu-prof profile gets written).
 */
import '../lib/exit-with-parent';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/storage/database';

async function main(): Promise<void> {
  const config = loadConfig({ DATA_DIR: process.env.DATA_DIR, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const db = openDatabase(join(config.DATA_DIR, 'kerro.sqlite'));
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  process.once('SIGTERM', () => {
    void app
      .close()
      .finally(() => db.close())
      .finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error('bench server failed to start:', error);
  process.exit(1);
});
