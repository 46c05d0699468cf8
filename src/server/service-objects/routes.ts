/**
 * The embedded service-object registry: `GET /?q=&lat=&long=&radius=&locale=` answers the
 * service objects (parks, toilets, …) a report can point at, as a GeoJSON FeatureCollection, and
 * bad parameters as GeoReport errors. The proxy mounts it at /proxy/service-objects unless
 * SERVICE_OBJECTS_URL names another registry to forward to.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { validateRoutes } from '../http/route-validation';
import { geoReportErrorHandler } from '../open311/error-handler';
import { geoReportRefusal } from '../open311/validation-errors';
import { toFeature } from './feature';
import { serviceObjectsSchema } from './route-schemas';

export const serviceObjectRoutes: FastifyPluginAsync<{ context: AppContext }> = async (plugin, { context }) => {
  // The query comes read by its schema (parseSearchQuery, route-schemas.ts), a bad one refused with GeoReport records.
  validateRoutes(plugin, geoReportRefusal);
  plugin.setErrorHandler(geoReportErrorHandler);
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get('/', { schema: serviceObjectsSchema }, async (request) => {
    const { search, locale } = request.query;
    const found = await context.repositories.serviceObjects.search(search);
    return {
      type: 'FeatureCollection' as const,
      features: found.map(({ object, distanceMeters }) => toFeature(object, locale, distanceMeters)),
    };
  });
};
