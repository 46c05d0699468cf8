/**
 * `GET /proxy/counters-info`: what the web app needs to know about the counter service behind
 * `/proxy/counters/` besides its data, today the attribution its licence requires
 * (`{"attribution": null}` for the embedded demo counters). No key or secret: it only repeats
 * what COUNTERS_URL implies (counter-attribution.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { counterAttribution } from './counter-attribution';
import { proxySchemas } from './route-schemas';

export const countersInfoRoute: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  const body = JSON.stringify({ attribution: counterAttribution(context.config.COUNTERS_URL) });
  // Revalidated: a redeploy with another COUNTERS_URL shows on the next load.
  app.get('/counters-info', { schema: proxySchemas.countersInfo }, async (_request, reply) => reply.header('cache-control', 'no-cache').type('application/json').send(body));
};
