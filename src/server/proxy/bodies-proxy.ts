/**
 * `/proxy/bodies/v1/*`: the bodies read API for the web app. Bodies are this installation's own
 * configuration, so the call always goes to this process's own route (in-process through
 * `upstreams.call`), never to OPEN311_URL; the answer, its ETag and its 304 pass through.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { geoReportErrorHandler } from '../open311/error-handler';
import { geoReportRefusal } from '../open311/validation-errors';
import { raisedOr, validateRoutes } from '../http/route-validation';
import { passedOnRequestHeaders } from './upstream';
import type { Upstreams } from './upstreams';
import { proxySchemas, type ForwardedParams } from './route-schemas';

export const bodiesProxy: FastifyPluginAsync<{ context: AppContext; upstreams: Upstreams }> = async (app, { context, upstreams }) => {
  app.setErrorHandler(geoReportErrorHandler);
  validateRoutes(app, raisedOr(geoReportRefusal));
  app.get('/*', { schema: proxySchemas.bodiesGet }, async (request, reply) => {
    const rest = (request.params as ForwardedParams).path;
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const response = await upstreams.call('bodies', `${upstreams.bodies()}/${rest}${query}`, {
      headers: passedOnRequestHeaders(request),
      timeoutMs: context.config.UPSTREAM_TIMEOUT_MS,
    });
    return reply.code(response.statusCode).headers(response.headers).send(response.body);
  });
};
