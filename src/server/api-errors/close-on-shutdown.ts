import type { FastifyInstance } from 'fastify';
import { answerInApiFormat } from './framework-errors';

/** How soon a client may try again: the load balancer has another instance, or this one restarts. */
const retryAfterSeconds = 2;

/**
 * Answers given while the server is closing end their connection. Fastify marks only requests
 * that arrive after close() began; one already in flight (an upload, say) would otherwise be
 * answered keep-alive, and the server would wait for that client to hang up (up to Fastify's
 * 72 s keep-alive timeout) before it could exit. Found by the graceful-shutdown e2e test.
 *
 * A request arriving once closing began (on a connection that was busy, so not closed as idle)
 * is refused with 503 in its API's error shape, instead of Fastify's own JSON (app.ts turns that
 * off with `return503OnClosing: false`).
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    reply.header('retry-after', String(retryAfterSeconds));
    return answerInApiFormat(request, reply, 503, `this server is shutting down; send the request again in ${retryAfterSeconds} seconds`);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
