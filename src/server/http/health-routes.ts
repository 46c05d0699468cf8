import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../storage';

export interface HealthRoutesOptions {
  store: Pick<Store, 'health'>;
}

/** Probes must never be served from a cache: a stale "ready" is worse than none. */
function noStore(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
}

/**
 * GET /healthz: liveness, 200 whenever the process serves HTTP.
 * GET /readyz: readiness, 200 when the database answers and photos can be written, else 503
 * naming the failed check; GET /readiness is the same (the path the real counter service's
 * probes use). No auth (they reveal nothing), and logged only at warn and above so a probe
 * every few seconds does not drown the request log.
 */
export function registerHealthRoutes(app: FastifyInstance, { store }: HealthRoutesOptions): void {
  let wasReady = true;

  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => noStore(reply).send({ status: 'ok' }));

  const readiness = async (_request: FastifyRequest, reply: FastifyReply) => {
    const checks = await store.health();
    const ready = Object.values(checks).every((result) => result === 'ok');
    // Logged when the state changes, not on every probe.
    if (ready !== wasReady) {
      if (ready) app.log.warn({ checks }, 'ready again');
      else app.log.error({ checks }, 'not ready: a readiness check failed');
      wasReady = ready;
    }
    if (ready) return noStore(reply).send({ status: 'ready' });
    return noStore(reply).code(503).send({ status: 'unavailable', checks });
  };
  app.get('/readyz', { logLevel: 'warn' }, readiness);
  app.get('/readiness', { logLevel: 'warn' }, readiness);
}
