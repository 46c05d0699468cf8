/**
 * The counter list service (spec/counter-list-service.md), wire-compatible with the real Django
 * REST Framework one: GET / (paged GeoJSON), GET /:id/, formats json/api/csv, filters, DRF links
 * and `{"detail": …}` errors, CORS open. Paths without the trailing slash redirect (301) to it,
 * as Django's APPEND_SLASH does. Rendering is in list-page.ts and detail-page.ts.
 */
import { isStoreUnavailable, storeRetryAfterSeconds } from '../storage/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { createAnswerCache } from '../http/answer-cache';
import { requirePublicBaseUrl } from '../http/public-base-url';
import { renderDetailPage } from './detail-page';
import { badRequest, CounterApiError, notFound } from './errors';
import { renderListPage } from './list-page';
import { parseFormat } from './query';
import { parseQueryString, rawQueryOf } from './query-string';
import { createCounterRenderings } from './renderings';
import { allowedMethods, errorResponse, sendResponse, type CounterResponse } from './responses';

export interface CounterRoutesOptions {
  context: AppContext;
}

export async function counterRoutes(app: FastifyInstance, options: CounterRoutesOptions): Promise<void> {
  const { config } = options.context;
  const repository = options.context.repositories.counters;
  const renderings = createCounterRenderings(repository, config.TZ_NAME);
  // Whole pages by (base URL + request URL), valid for one dataset version: a write by any process
  // (an import from the admin CLI included) is seen at once.
  const listingCache = createAnswerCache<CounterResponse>({ maxEntries: 1000, maxBytes: 64 * 1024 * 1024 });

  const baseUrl = (request: FastifyRequest) => requirePublicBaseUrl(request, config, () => badRequest('Invalid Host header.'));
  const sendError = (request: FastifyRequest, reply: FastifyReply, statusCode: number, detail: string) =>
    sendResponse(reply, statusCode, errorResponse(request, statusCode, detail));

  // Unknown paths and methods under the prefix answer in the API's format too, with CORS: a
  // client of this API must be able to read every answer it gets (`POST /api/counters/1` included).
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'Not found.'));

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof CounterApiError) return sendError(request, reply, error.statusCode, error.detail);
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return sendError(request, reply, statusCode, 'Malformed request.');
    }
    if (isStoreUnavailable(error)) {
      request.log.warn('counters request failed: the database cannot be reached');
      reply.header('Retry-After', String(storeRetryAfterSeconds));
      return sendError(request, reply, 503, 'Service temporarily unavailable, try again later.');
    }
    request.log.error({ err: error }, 'counters request failed');
    return sendError(request, reply, 500, 'A server error occurred.');
  });

  app.get('/', { prefixTrailingSlash: 'slash' }, async (request, reply) => {
    const base = baseUrl(request);
    // The key holds the base too: links in the body are absolute.
    const key = `${base} ${request.url}`;
    const version = await repository.datasetVersion();
    const cached = listingCache.get(key, version, 0);
    if (cached) return sendResponse(reply, 200, cached);
    const response = await renderListPage(repository, renderings, {
      pairs: parseQueryString(rawQueryOf(request.url)),
      listUrl: base + request.routeOptions.url,
      requestUrl: request.url,
    });
    // Cache only what was rendered from one version throughout.
    if ((await repository.datasetVersion()) === version) listingCache.set(key, version, 0, response);
    return sendResponse(reply, 200, response);
  });

  app.get<{ Params: { id: string } }>('/:id/', async (request, reply) => {
    const pairs = parseQueryString(rawQueryOf(request.url));
    const format = parseFormat(pairs);
    const base = baseUrl(request);
    const counter = /^[+-]?\d{1,15}$/.test(request.params.id) ? await repository.find(Number(request.params.id)) : undefined;
    if (!counter) throw notFound();
    const detailUrl = `${base}${(request.routeOptions.url ?? '').replace(':id', String(counter.id))}`;
    return sendResponse(reply, 200, renderDetailPage(counter, renderings, { format, pairs, detailUrl, requestUrl: request.url }));
  });

  // Django's APPEND_SLASH: a permanent redirect to the slash form, query string kept.
  const withSlash = (path: string, request: FastifyRequest) => {
    const query = rawQueryOf(request.url);
    return `${path}/${query === '' ? '' : `?${query}`}`;
  };
  app.get('', (request, reply) => {
    reply.header('access-control-allow-origin', '*').redirect(withSlash(request.routeOptions.url!, request), 301);
  });
  app.get<{ Params: { id: string } }>('/:id', (request, reply) => {
    const path = request.routeOptions.url!.replace(':id', encodeURIComponent(request.params.id));
    reply.header('access-control-allow-origin', '*').redirect(withSlash(path, request), 301);
  });

  // CORS preflight, open to every origin like the real service.
  const preflight = (request: FastifyRequest, reply: FastifyReply) => {
    const asked = request.headers['access-control-request-headers'];
    reply
      .code(200)
      .headers({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': allowedMethods,
        'access-control-max-age': '86400',
        allow: allowedMethods,
        ...(typeof asked === 'string' && /^[A-Za-z0-9, -]*$/.test(asked) ? { 'access-control-allow-headers': asked } : {}),
      })
      .send();
  };
  app.options('/', { prefixTrailingSlash: 'slash' }, preflight);
  app.options('/:id/', preflight);

  // Refused before any body is read, as DRF checks the method first.
  for (const url of ['/', '/:id/']) {
    app.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      prefixTrailingSlash: 'slash',
      onRequest: async (request) => {
        throw new CounterApiError(405, `Method "${request.method}" not allowed.`);
      },
      handler: async () => undefined,
    });
  }
}
