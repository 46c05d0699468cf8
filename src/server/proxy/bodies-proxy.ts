/**
 * `/proxy/bodies/v1/*`: the bodies read API for the web app. Bodies are this installation's own
 * configuration, so the call always goes to this process's own route (in-process through
 * `upstreams.call`), never to OPEN311_URL; the answer, its ETag and its 304 pass through.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { geoReportErrorHandler } from '../open311/error-handler';
import { GeoReportError } from '../open311/errors';
import { forwardedSubpath, passedOnRequestHeaders, wildcardOf } from './upstream';
import type { Upstreams } from './upstreams';
import { proxySchemas } from './route-schemas';

export const bodiesProxy: FastifyPluginAsync<{ context: AppContext; upstreams: Upstreams }> = async (app, { context, upstreams }) => {
  app.setErrorHandler(geoReportErrorHandler);
  app.get('/*', { schema: proxySchemas.bodiesGet }, async (request, reply) => {
    const rest = forwardedSubpath(wildcardOf(request));
    if (rest === undefined) throw new GeoReportError(404, 'no such resource; the bodies are at bodies.json');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const response = await upstreams.call('bodies', `${upstreams.bodies()}/${rest}${query}`, {
      headers: passedOnRequestHeaders(request),
      timeoutMs: context.config.UPSTREAM_TIMEOUT_MS,
    });
    return reply.code(response.statusCode).headers(response.headers).send(response.body);
  });
};
