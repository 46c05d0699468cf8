import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Config } from './config';
import type { AppContext } from './context';
import { georeportRoutes } from './georeport/routes';
import { mediaRoutes } from './media/routes';
import { clientRoutes } from './client-routes';
import { createSqliteRepositories } from './storage/sqlite-repositories';
import type { SqliteDatabase } from './storage/database';

export interface BuildAppOptions {
  config: Config;
  db: SqliteDatabase;
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole Kerro server without listening: tests drive it with app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    // Uploads are bounded per file by the media limits; this caps the whole body.
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });
  const context: AppContext = {
    config: options.config,
    repositories: createSqliteRepositories(options.db),
    now: options.now ?? Date.now,
  };
  await app.register(georeportRoutes, { prefix: '/open311/v1', context });
  await app.register(mediaRoutes, { prefix: '/media', context });
  await app.register(clientRoutes, { context });
  return app;
}
