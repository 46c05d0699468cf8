/**
 * The counter list service (spec/counter-list-service.md), wire-compatible with the real Django
 * REST Framework one: GET / (paged GeoJSON), GET /:id/, formats json/api/csv by parameter or
 * DRF format suffix (`.csv`, `/7.json`), filters (camelCase names too), DRF links and errors
 * (`{"detail": …}`, `{"field": […]}` for bad input), CORS open. Paths without the trailing slash
 * redirect (301) to it, as Django's APPEND_SLASH does. Rendering is in list-page.ts and detail-page.ts.
 */
import { counterSchemas, pathParams } from './route-schemas';
import { isStoreUnavailable, storeRetryAfterSeconds } from '../storage/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { requirePublicBaseUrl } from '../http/public-base-url';
import { renderDetailPage } from './detail-page';
import { badRequest, DrfError, notFound, type DrfErrorBody } from '../drf/errors';
import type { CounterListAnswers } from './list-answers';
import { counterViewMetadata } from './options-metadata';
import { answerOptions } from '../drf/options';
import { polygonSearchRefusalAnswer, registerPolygonSearch } from './polygon-search';
import { sharedRateLimitStore } from '../http/shared-rate-limit-store';
import { PolygonSearchRefusal } from './polygon-search-body';
import { parseFormat } from '../drf/negotiation';
import { parseFilter } from './query';
import { counterMatches } from './filter-match';
import { parsePythonInt } from '../drf/pagination';
import { effectiveQuery, parseQueryString, rawQueryOf } from '../drf/query-string';
import { allowedMethodsOf, errorResponse, sendResponse } from './responses';
import { formatSuffixOf } from '../drf/negotiation';
import { djangoQueryOf, validateDrfRoutes } from '../drf/route-input';

export interface CounterRoutesOptions {
  context: AppContext;
  /** Shared with the embedded proxy (app.ts): one page cache and one rendering cache for both. */
  listAnswers: CounterListAnswers;
}

export async function counterRoutes(app: FastifyInstance, options: CounterRoutesOptions): Promise<void> {
  validateDrfRoutes(app);
  const { config } = options.context;
  const repository = options.context.repositories.counters;
  const { listAnswers } = options;
  // The list's renderings: the detail page and polygon search render and cache each counter once with it.
  const { renderings } = listAnswers;

  const baseUrl = (request: FastifyRequest) => requirePublicBaseUrl(request, config, () => badRequest('Invalid Host header.'));
  const sendError = (request: FastifyRequest, reply: FastifyReply, statusCode: number, body: DrfErrorBody) =>
    sendResponse(reply, statusCode, errorResponse(request, statusCode, body));

  // Unknown paths and methods under the prefix answer in the API's format too, with CORS: a
  // client of this API must be able to read every answer it gets (`POST /api/counters/1` included).
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, { detail: 'Not found.' }));

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DrfError) return sendError(request, reply, error.statusCode, error.body);
    if (error instanceof PolygonSearchRefusal) return sendResponse(reply, 400, polygonSearchRefusalAnswer(error));
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return sendError(request, reply, statusCode, { detail: 'Malformed request.' });
    }
    if (isStoreUnavailable(error)) {
      request.log.warn('counters request failed: the database cannot be reached');
      reply.header('Retry-After', String(storeRetryAfterSeconds));
      return sendError(request, reply, 503, { detail: 'Service temporarily unavailable, try again later.' });
    }
    request.log.error({ err: error }, 'counters request failed');
    return sendError(request, reply, 500, { detail: 'A server error occurred.' });
  });

  // DRF's initial(), before the query's schema runs the filters (400): what the path names (404),
  // the host (400, first on the list) and the format, negotiated (an unknown one 404, an unmet
  // Accept 406). The handlers read the same again where they need it.
  const negotiate = (request: FastifyRequest, suffix?: string) => parseFormat(djangoQueryOf(request), suffix, request.headers.accept);
  const listInitial = async (request: FastifyRequest) => {
    const suffix = (request.params as { format?: string }).format;
    // DRF's suffix is lowercase letters and digits; anything else names no URL.
    if (suffix !== undefined && !/^[a-z0-9]+$/.test(suffix)) throw notFound();
    baseUrl(request);
    negotiate(request, suffix);
  };
  // DRF's ids hold no dot: `1.JSON/` or `1.2.json/` name no counter.
  const detailPath = (request: FastifyRequest<{ Params: { id: string } }>) => {
    const suffixed = formatSuffixOf(request.params.id);
    if (!suffixed && request.params.id.includes('.')) throw notFound();
    return { name: suffixed?.name ?? request.params.id, suffix: suffixed?.suffix };
  };

  // The list, at `/`, and with a DRF format suffix at `.csv`, `.json`, `.api` (a trailing slash allowed).
  const list = async (request: FastifyRequest, reply: FastifyReply, suffix?: string) => {
    const response = await listAnswers({
      base: baseUrl(request),
      requestUrl: request.url,
      listPath: (request.routeOptions.url ?? '').replace(':format', suffix ?? ''),
      prefix: app.prefix,
      accept: request.headers.accept,
      ...(suffix === undefined ? {} : { suffix }),
    });
    return sendResponse(reply, 200, response);
  };
  app.get('/', { prefixTrailingSlash: 'slash', schema: counterSchemas.list, preValidation: listInitial }, (request, reply) => list(request, reply));
  for (const url of ['.:format', '.:format/']) {
    app.get<{ Params: { format: string } }>(url, { schema: counterSchemas.listWithSuffix, preValidation: listInitial }, (request, reply) => list(request, reply, request.params.format));
  }

  // One counter, at `/7/`, or with a suffix at `/7.json` (no redirect: DRF matches it with or without the slash).
  const detail = async (request: FastifyRequest, reply: FastifyReply, idText: string, suffix?: string) => {
    const pairs = parseQueryString(rawQueryOf(request.url));
    const query = effectiveQuery(pairs);
    const format = parseFormat(query, suffix, request.headers.accept);
    // DRF's get_object() filters the queryset first: the list's 400s here too, and a counter the filters leave out is not found.
    const { filter, matchesNothing } = parseFilter(query);
    const base = baseUrl(request);
    const id = parsePythonInt(idText);
    const found = id !== undefined && Number.isSafeInteger(id) ? await repository.find(id) : undefined;
    const counter = found && !matchesNothing && counterMatches(found, filter) ? found : undefined;
    // DRF 3.16 passes Django's Http404 text on for an id that is a number; an id that is none
    // fails the lookup itself, answered with the plain "Not found.".
    if (!counter) throw id === undefined ? notFound() : new DrfError(404, 'No Counter matches the given query.');
    const detailUrl = `${base}${app.prefix}/${counter.id}/`;
    const near = filter.near;
    return sendResponse(reply, 200, renderDetailPage(counter, renderings, { format, pairs, detailUrl, requestUrl: request.url, ...(near ? { near } : {}) }));
  };
  const detailInitial = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    negotiate(request, detailPath(request).suffix);
  };
  app.get<{ Params: { id: string } }>('/:id/', { schema: counterSchemas.detail, preValidation: detailInitial }, (request, reply) => {
    const { name, suffix } = detailPath(request);
    return detail(request, reply, name, suffix);
  });

  // Django's APPEND_SLASH: a permanent redirect to the slash form, query string kept.
  const withSlash = (path: string, request: FastifyRequest) => {
    const query = rawQueryOf(request.url);
    return `${path}/${query === '' ? '' : `?${query}`}`;
  };
  app.get('', { schema: { hide: true } }, (request, reply) => {
    reply.header('access-control-allow-origin', '*').redirect(withSlash(request.routeOptions.url!, request), 301);
  });
  app.get<{ Params: { id: string } }>('/:id', { schema: counterSchemas.detailOrRedirect }, async (request, reply) => {
    const suffixed = formatSuffixOf(request.params.id);
    if (suffixed) return detail(request, reply, suffixed.name, suffixed.suffix);
    // Django redirects only to a path that exists: an id with a dot has no slash form.
    if (request.params.id.includes('.')) throw notFound();
    const path = request.routeOptions.url!.replace(':id', encodeURIComponent(request.params.id));
    return reply.header('access-control-allow-origin', '*').redirect(withSlash(path, request), 301);
  });

  // CORS preflight, open to every origin like the real service; a plain OPTIONS gets DRF's metadata.
  const preflight = (request: FastifyRequest, reply: FastifyReply) =>
    answerOptions(request, reply, allowedMethodsOf(request.routeOptions.url), counterViewMetadata(!(request.routeOptions.url ?? '').includes(':id')));
  app.options('/', { prefixTrailingSlash: 'slash', schema: counterSchemas.options }, preflight);
  app.options('/:id/', { schema: { ...counterSchemas.options, params: pathParams.id } }, preflight);
  app.options('.:format', { schema: { ...counterSchemas.options, params: pathParams.suffix } }, preflight);
  app.options('.:format/', { schema: { ...counterSchemas.options, params: pathParams.suffix } }, preflight);

  await registerPolygonSearch(app, repository, renderings, {
    perMinute: config.COUNTER_AREA_SEARCHES_PER_MINUTE,
    store: sharedRateLimitStore(options.context.repositories.rateLimits, options.context.now, 'counter-area-search:'),
  });

  // Refused before any body is read, as DRF checks the method first.
  for (const url of ['/', '/:id/', '.:format', '.:format/']) {
    app.route({
      method: url === '/:id/' ? ['POST', 'PUT', 'PATCH', 'DELETE'] : ['PUT', 'PATCH', 'DELETE'],
      url,
      prefixTrailingSlash: 'slash',
      // DRF's 405 for the methods the real service refuses.
      schema: { hide: true },
      onRequest: async (request) => {
        throw new DrfError(405, `Method "${request.method}" not allowed.`);
      },
      handler: async () => undefined,
    });
  }
}
