import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { clientRoutes } from '../../src/server/client-routes';
import { apiPathsFor, recordRouteMethods } from '../../src/server/api-errors/outside-routes';
import type { AppContext } from '../../src/server/context';
import { createMetrics } from '../../src/server/http/metrics';
import { createMailLinks, mailBaseUrl } from '../../src/server/notify/mail-links';
import type { TestApp } from './georeport-app';

/**
 * A built client in miniature in a fresh temporary directory: index.html, Vite's manifest (the
 * page's preloads are read from it) and any other files, by path. Answers the directory.
 */
export function writeMiniatureClient(dirPrefix: string, indexHtml: string, manifest: object, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), dirPrefix));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), indexHtml);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** The client routes alone on their own Fastify, serving `clientDir` over a test app's config and store. */
export async function clientRoutesOver(t: TestApp, clientDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  // What the client routes use of the app's context: the config, the store, the links' base, the metrics.
  const used: Pick<AppContext, 'config' | 'repositories' | 'mailLinks' | 'metrics'> = {
    config: t.config,
    repositories: t.store,
    mailLinks: createMailLinks('test-secret', mailBaseUrl(t.config)),
    metrics: createMetrics(),
  };
  await app.register(clientRoutes, { context: used as AppContext, clientDir, ...apiPathsFor(recordRouteMethods(app)) });
  return app;
}
