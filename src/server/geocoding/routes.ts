/**
 * The embedded geocoder's HTTP API, in the Pelias protocol: `GET /search?text=&lang=&size=&layers=
 * &focus.point.lat=&focus.point.lon=` and `GET /reverse?point.lat=&point.lon=&size=&lang=&layers=
 * &boundary.circle.radius=`. Mounted at /geocoding/v1, and by the proxy at /proxy/geocoding/v1
 * unless GEOCODER_URL names a real Pelias service. Every failure answers in Pelias's envelope.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { RawQuery } from '../http/query-params';
import { isStoreUnavailable, storeRetryAfterSeconds } from '../storage/errors';
import { geocoderFor } from './geocoder';
import { PeliasParameterError, parseReverseParams, parseSearchParams } from './params';
import { featureCollection } from './pelias';
import { sendPeliasError } from '../pelias/envelope';
import { geocoderSchemas, refusePeliasQuery } from './route-schemas';
import { validateRoutes } from '../http/route-validation';

export const geocodingRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  // The query schemas run the parameter parser: its errors come to the error handler below.
  validateRoutes(app, refusePeliasQuery);
  const geocoder = geocoderFor(context.repositories);
  const acceptLanguage = (request: FastifyRequest) => request.headers['accept-language'];

  app.setNotFoundHandler((_request, reply) =>
    sendPeliasError(reply, 404, ['not found: this geocoder answers GET /search and GET /reverse'], context.now()),
  );
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PeliasParameterError) return sendPeliasError(reply, 400, error.errors, context.now());
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return sendPeliasError(reply, 400, [`the request could not be read: ${error instanceof Error ? error.message : String(error)}`], context.now());
    }
    if (isStoreUnavailable(error)) {
      request.log.warn('geocoding request failed: the database cannot be reached');
      reply.header('Retry-After', String(storeRetryAfterSeconds));
      return sendPeliasError(reply, 503, [`the geocoder is unavailable for a moment; try again in ${storeRetryAfterSeconds} seconds`], context.now());
    }
    request.log.error({ err: error }, 'geocoding request failed');
    return sendPeliasError(reply, 500, [`the geocoder could not answer; tell the operator if it persists (request id ${request.id})`], context.now());
  });

  // The query passed its schema (the same parser, route-schemas.ts); read again with the Accept-Language header.
  app.get<{ Querystring: RawQuery }>('/search', { schema: geocoderSchemas.search }, async (request, reply) => {
    const { request: search, lang, echo, warnings } = parseSearchParams(request.query, acceptLanguage(request));
    const hits = await geocoder.search(search);
    return reply.type('application/json; charset=utf-8').send(featureCollection(hits, { lang, query: echo, warnings, now: context.now(), reverse: false }));
  });

  app.get<{ Querystring: RawQuery }>('/reverse', { schema: geocoderSchemas.reverse }, async (request, reply) => {
    const { request: reverse, lang, echo, warnings } = parseReverseParams(request.query, acceptLanguage(request));
    const hits = await geocoder.reverse(reverse);
    return reply.type('application/json; charset=utf-8').send(featureCollection(hits, { lang, query: echo, warnings, now: context.now(), reverse: true }));
  });
};
