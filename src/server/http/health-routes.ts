import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../storage';
import { checkDiskRoom, type RoomNeeded } from './disk-room';

export interface HealthRoutesOptions {
  store: Pick<Store, 'health'>;
  /** Room one more report with the largest photos needs, where it is written (spool, photo files). */
  diskRoom: readonly RoomNeeded[];
}

/** Probes must never be served from a cache: a stale "ready" is worse than none. */
function noStore(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
}

/**
 * GET /healthz: liveness, 200 whenever the process serves HTTP.
 * GET /readyz: readiness, 200 when the database answers, photos can be written and the disk has
 * room for one more report with the largest photos allowed (so an instance turns unready before
 * uploads fail with 507), else 503 naming each check: database, media (only when photos are
 * files), disk. GET /readiness is the same (the path the real counter service's
 * probes use). No auth (they reveal nothing), and logged only at warn and above so a probe
 * every few seconds does not drown the request log.
 */
export function registerHealthRoutes(app: FastifyInstance, { store, diskRoom }: HealthRoutesOptions): void {
  let wasReady = true;

  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => noStore(reply).send({ status: 'ok' }));

  const readiness = async (_request: FastifyRequest, reply: FastifyReply) => {
    const [stored, disk] = await Promise.all([store.health(), checkDiskRoom(diskRoom)]);
    const checks = { ...stored, disk: disk.check };
    const ready = Object.values(checks).every((result) => result === 'ok');
    // Logged when the state changes, not on every probe; where the room is short only here, not in the answer.
    if (ready !== wasReady) {
      if (ready) app.log.warn({ checks }, 'ready again');
      else app.log.error({ checks, diskShort: disk.short }, 'not ready: a readiness check failed');
      wasReady = ready;
    }
    if (ready) return noStore(reply).send({ status: 'ready' });
    return noStore(reply).code(503).send({ status: 'unavailable', checks });
  };
  app.get('/readyz', { logLevel: 'warn' }, readiness);
  app.get('/readiness', { logLevel: 'warn' }, readiness);
}
