import type { FastifyInstance } from 'fastify';

/**
 * Answers given while the server is closing end their connection. Fastify marks only requests
 * that arrive after close() began; one already in flight (an upload, say) would otherwise be
 * answered keep-alive, and the server would wait for that client to hang up (up to Fastify's
 * 72 s keep-alive timeout) before it could exit. Found by the graceful-shutdown e2e test.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
