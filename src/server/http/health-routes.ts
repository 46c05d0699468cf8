import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { SqliteDatabase } from '../storage/database';

export type CheckResult = 'ok' | 'failed';

export interface HealthRoutesOptions {
  config: Pick<Config, 'DATA_DIR'>;
  db: SqliteDatabase;
}

/** Probes must never be served from a cache: a stale "ready" is worse than none. */
function noStore(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
}

/** A trivial query: fails when the database is closed, locked beyond busy_timeout or unreadable. */
function checkDatabase(db: SqliteDatabase): CheckResult {
  try {
    return db.prepare('SELECT 1 AS one').get() !== undefined ? 'ok' : 'failed';
  } catch {
    return 'failed';
  }
}

/** Writes and removes a small file where photos go: catches a read-only or full disk. */
async function checkMediaWritable(dataDir: string): Promise<CheckResult> {
  const directory = join(dataDir, 'media');
  // Dot-prefixed: never a valid media file name, so it can never be served.
  const probe = join(directory, `.readyz-${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(directory, { recursive: true });
    await writeFile(probe, 'ok', { flag: 'wx' });
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    await unlink(probe).catch(() => undefined);
  }
}

/**
 * GET /healthz: liveness, 200 whenever the process serves HTTP.
 * GET /readyz: readiness, 200 when the database answers and DATA_DIR/media is writable, else 503
 * naming the failed check. No auth (they reveal nothing), and logged only at warn and above so
 * a probe every few seconds does not drown the request log.
 */
export function registerHealthRoutes(app: FastifyInstance, { config, db }: HealthRoutesOptions): void {
  let wasReady = true;

  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => noStore(reply).send({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const checks = { database: checkDatabase(db), media: await checkMediaWritable(config.DATA_DIR) };
    const ready = Object.values(checks).every((result) => result === 'ok');
    // Logged when the state changes, not on every probe.
    if (ready !== wasReady) {
      if (ready) app.log.warn({ checks }, 'ready again');
      else app.log.error({ checks }, 'not ready: a readiness check failed');
      wasReady = ready;
    }
    if (ready) return noStore(reply).send({ status: 'ready' });
    return noStore(reply).code(503).send({ status: 'unavailable', checks });
  });
}
