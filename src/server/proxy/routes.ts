import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { countersProxy } from './counters-proxy';
import { georeportProxy } from './georeport-proxy';
import { serviceObjectsRoute } from './service-objects';
import { resolveUpstreams } from './upstreams';

/** Everything the browser calls: the only place that knows upstream URLs and the API key. */
export const proxyRoutes: FastifyPluginAsync<{ context: AppContext; apiKey: () => string }> = async (app, { context, apiKey }) => {
  const upstreams = resolveUpstreams(context.config, app);
  await app.register(georeportProxy, { prefix: '/open311/v1', context, upstreams, apiKey });
  await app.register(countersProxy, { prefix: '/counters', context, upstreams });
  await app.register(serviceObjectsRoute, { prefix: '/service-objects', context, upstreams });
};
