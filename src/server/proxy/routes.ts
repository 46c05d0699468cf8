/** Everything the browser calls: the only place that knows upstream URLs and the API key. */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { serviceObjectRoutes } from '../service-objects/routes';
import { countersProxy } from './counters-proxy';
import { geocodingProxy } from './geocoding-proxy';
import { georeportProxy } from './georeport-proxy';
import { bodiesProxy } from './bodies-proxy';
import { serviceObjectsProxy } from './service-objects-proxy';
import type { EmbeddedServices } from './embedded-services';
import { resolveUpstreams } from './upstreams';
import { paths } from '../../shared/paths';

export interface ProxyRoutesOptions {
  context: AppContext;
  apiKey: () => string;
  /** This process's own services, which the proxy reaches in-process when no upstream URL is set. */
  embedded: EmbeddedServices;
}

export const proxyRoutes: FastifyPluginAsync<ProxyRoutesOptions> = async (app, { context, apiKey, embedded }) => {
  const upstreams = resolveUpstreams(context.config, embedded, context.metrics);
  await app.register(georeportProxy, { prefix: '/open311/v1', context, upstreams, apiKey });
  await app.register(countersProxy, { prefix: '/counters', context, upstreams });
  await app.register(bodiesProxy, { prefix: '/bodies/v1', context, upstreams });
  // The rest of the counter service (observations, their aggregate, sources, the API root) from
  // its API root: COUNTERS_URL without its last segment (`…/api/counters` → `…/api`).
  await app.register(countersProxy, {
    prefix: '/counters-api',
    context,
    upstreams,
    part: { upstreamBase: () => upstreams.counters().replace(/\/+$/, '').replace(/\/[^/]*$/, ''), proxyPath: paths.proxyCountersApi },
  });
  const serviceObjectsUrl = upstreams.serviceObjects();
  if (serviceObjectsUrl) await app.register(serviceObjectsProxy, { prefix: '/service-objects', context, upstreamUrl: serviceObjectsUrl });
  else await app.register(serviceObjectRoutes, { prefix: '/service-objects', context });
  // The geocoder: a Pelias service with the proxy's key, or the embedded registry in-process.
  const geocoderUrl = context.config.GEOCODER_URL;
  if (geocoderUrl) await app.register(geocodingProxy, { prefix: '/geocoding/v1', context, upstreamUrl: geocoderUrl });
  else await app.register(embedded.geocoderRoutes, { prefix: '/geocoding/v1', context });
};
