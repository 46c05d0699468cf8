/**
 * The real Kerro server (buildApp + openStore + loadConfig) on a loopback port, over the
 * DATA_DIR the bench filled, or over DATABASE_URL (PostgreSQL) when the bench passes one. Prints {"port": N} when listening; SIGTERM closes it cleanly (so a
 * --cpu-prof profile gets written).
 */
import '../lib/exit-with-parent';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openStore } from '../../src/server/storage';

async function main(): Promise<void> {
  const config = loadConfig({ DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
  const store = await openStore(config);
  const app = await buildApp({ config, store });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  process.once('SIGTERM', () => {
    void app
      .close()
      .finally(() => store.close())
      .finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error('bench server failed to start:', error);
  process.exit(1);
});
