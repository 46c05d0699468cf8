/** `/proxy/service-objects` when SERVICE_OBJECTS_URL names another registry: the query passes through. */
import type { FastifyPluginAsync, FastifySchema } from 'fastify';
import type { AppContext } from '../context';
import { geoReportErrorHandler } from '../open311/error-handler';
import { GeoReportError } from '../open311/errors';
import { callUpstream, passedOnRequestHeaders, UpstreamError } from './upstream';
import { serviceObjectsSchema } from '../service-objects/route-schemas';
import { admitsAll, validateRoutes } from '../http/route-validation';
import { passedOn } from './route-schemas';

/**
 * Described as the registry's route, typed loosely: the upstream's status and body pass on as they
 * are. The query passes on as it came: the other registry judges it.
 */
const schema: FastifySchema = passedOn(serviceObjectsSchema);

export const serviceObjectsProxy: FastifyPluginAsync<{ context: AppContext; upstreamUrl: string }> = async (app, { context, upstreamUrl }) => {
  app.setErrorHandler(geoReportErrorHandler);
  validateRoutes(app, admitsAll);
  app.get('/', { schema }, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    try {
      const response = await callUpstream('service object', `${upstreamUrl}${query}`, {
        headers: passedOnRequestHeaders(request),
        timeoutMs: context.config.UPSTREAM_TIMEOUT_MS,
        metrics: context.metrics,
      });
      return reply.code(response.statusCode).headers(response.headers).send(response.body);
    } catch (error) {
      if (error instanceof UpstreamError) throw new GeoReportError(error.statusCode, error.message);
      throw error;
    }
  });
};
