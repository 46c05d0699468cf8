/**
 * The embedded service-object registry: `GET /?q=&lat=&long=&radius=&locale=` answers the
 * service objects (parks, toilets, …) a report can point at, as a GeoJSON FeatureCollection, and
 * bad parameters as GeoReport errors. The proxy mounts it at /proxy/service-objects unless
 * SERVICE_OBJECTS_URL names another registry to forward to.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import type { RawQuery } from '../http/query-params';
import { geoReportErrorHandler } from '../open311/error-handler';
import { toFeature } from './feature';
import { parseSearchQuery } from './search-query';
import { serviceObjectsSchema } from './route-schemas';

export const serviceObjectRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  app.setErrorHandler(geoReportErrorHandler);
  // Read by parseSearchQuery, whose errors are GeoReport records.
  app.get<{ Querystring: RawQuery }>('/', { schema: serviceObjectsSchema }, async (request) => {
    const { search, locale } = parseSearchQuery(request.query);
    const found = await context.repositories.serviceObjects.search(search);
    return {
      type: 'FeatureCollection',
      features: found.map(({ object, distanceMeters }) => toFeature(object, locale, distanceMeters)),
    };
  });
};
