import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './storage/database';
import { seedDemoData } from './demo/seed';
import { createSqliteRepositories } from './storage/sqlite-repositories';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(join(config.DATA_DIR, 'kerro.sqlite'));
  if (config.DEMO_DATA) await seedDemoData(createSqliteRepositories(db), { config, now: Date.now() });
  const app = await buildApp({ config, db, logger: { level: config.LOG_LEVEL } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
    } finally {
      db.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Kerro failed to start:', error);
  }
  process.exit(1);
});
