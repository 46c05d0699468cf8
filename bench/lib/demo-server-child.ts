/**
 * The Kerro server started the way src/server/main.ts starts it (startServer: demo data when the
 * store is empty, outbox sender), on a loopback port over DATA_DIR. Prints {"port": N} when
 * listening; SIGTERM stops it cleanly (so a --cpu-prof profile gets written).
 */
import './exit-with-parent';
import { loadConfig } from '../../src/server/config';
import { startServer } from '../../src/server/main';

/** Server settings a bench may pass; nothing else from the bench's own environment leaks in. */
const passedSettings = [
  'DATA_DIR', 'DATABASE_URL', 'PROXY_POSTS_PER_MINUTE', 'UPSTREAM_TIMEOUT_MS', 'COUNTERS_CACHE_SECONDS', 'OPEN311_URL', 'OPEN311_API_KEY', 'COUNTERS_URL',
] as const;

async function main(): Promise<void> {
  const settings = Object.fromEntries(passedSettings.map((name) => [name, process.env[name]]));
  const config = loadConfig({ ...settings, DEMO_DATA: 'true', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' });
  const server = await startServer(config);
  const address = server.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  process.once('SIGTERM', () => {
    void server.stop().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error('bench server failed to start:', error);
  process.exit(1);
});
