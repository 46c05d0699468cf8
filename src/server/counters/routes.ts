import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicBaseUrl } from '../http/public-base-url';
import type { AppContext } from '../context';
import { browsableHtml, browsableSecurityHeaders } from './browsable';
import { ResponseCache, RevisionCache, type CachedResponse } from './cache';
import { csvHeaderLine, csvRow } from './csv';
import { badRequest, CounterApiError, notFound } from './errors';
import { featureJson } from './feature';
import { pageCount, resolvePage } from './pagination';
import { parseFilter, parseFormat, parsePageSize, type CounterFormat } from './query';
import { joinUrl, lastValue, parseQueryString, rawQueryOf, withQueryParam, type QueryPairs } from './query-string';
import type { CounterRepository, CounterRevision } from './types';

export interface CounterRoutesOptions {
  context: AppContext;
  repository: CounterRepository;
}

const allowedMethods = 'GET, HEAD, OPTIONS';
const contentTypes: Record<CounterFormat, string> = {
  json: 'application/json',
  api: 'text/html; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/**
 * The counter list service (spec/counter-list-service.md), wire-compatible with the real Django
 * REST Framework one: GET / (paged GeoJSON), GET /:id/, formats json/api/csv, filters, DRF links
 * and `{"detail": …}` errors, CORS open. Paths without the trailing slash redirect (301) to it,
 * as Django's APPEND_SLASH does.
 */
export async function counterRoutes(app: FastifyInstance, options: CounterRoutesOptions): Promise<void> {
  const { config } = options.context;
  const { repository } = options;
  const timeZone = config.TZ_NAME;
  const featureCache = new RevisionCache((counter) => featureJson(counter, timeZone));
  const csvCache = new RevisionCache((counter) => csvRow(counter, timeZone));
  const listingCache = new ResponseCache();

  const baseUrl = (request: FastifyRequest): string => {
    const base = publicBaseUrl(request, config);
    if (base === undefined) throw badRequest('Invalid Host header.');
    return base;
  };

  const send = (reply: FastifyReply, statusCode: number, response: CachedResponse) =>
    reply
      .code(statusCode)
      .headers({ 'access-control-allow-origin': '*', allow: allowedMethods, ...response.headers })
      .type(response.contentType)
      .send(response.body);

  const formatHeaders = (format: CounterFormat): Record<string, string> =>
    format === 'api' ? { ...browsableSecurityHeaders } : {};

  /** An error in the format asked for: the browsable page for format=api, JSON otherwise (csv too). */
  const sendError = (request: FastifyRequest, reply: FastifyReply, statusCode: number, detail: string) => {
    let format: CounterFormat = 'json';
    try {
      format = parseFormat(parseQueryString(rawQueryOf(request.url)));
    } catch {
      // An unknown format is itself the error being reported; answer it in JSON.
    }
    const json = JSON.stringify({ detail });
    const title = request.routeOptions.url?.includes(':id') ? 'Counter Instance' : 'Counter List';
    const body =
      format === 'api'
        ? browsableHtml({ title, statusCode, requestUrl: request.url, json })
        : json;
    return send(reply, statusCode, {
      contentType: format === 'api' ? contentTypes.api : contentTypes.json,
      body: Buffer.from(body),
      headers: formatHeaders(format === 'api' ? 'api' : 'json'),
    });
  };

  // Unknown paths and methods under the prefix answer in the API's format too (found by the
  // bad-input tests: `POST /api/counters/1` was a plain-text 404 without CORS).
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'Not found.'));

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof CounterApiError) return sendError(request, reply, error.statusCode, error.detail);
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return sendError(request, reply, statusCode, 'Malformed request.');
    }
    request.log.error({ err: error }, 'counters request failed');
    return sendError(request, reply, 500, 'A server error occurred.');
  });

  /** Each counter's cached rendering; only the rows not cached at their revision are read. */
  const rendered = async (entries: readonly CounterRevision[], cache: RevisionCache): Promise<string[]> => {
    const values = entries.map((entry) => cache.peek(entry.id, entry.revision));
    const missing = entries.filter((_, index) => values[index] === undefined).map((entry) => entry.id);
    if (missing.length > 0) {
      const rows = new Map((await repository.findMany(missing)).map((row) => [row.id, row]));
      entries.forEach((entry, index) => {
        const row = values[index] === undefined ? rows.get(entry.id) : undefined;
        if (row) values[index] = cache.get(row);
      });
    }
    return values.filter((value): value is string => value !== undefined);
  };

  const renderList = async (request: FastifyRequest, pairs: QueryPairs, base: string): Promise<CachedResponse> => {
    const format = parseFormat(pairs);
    const filter = parseFilter(pairs);
    const pageSize = parsePageSize(pairs);
    const count = await repository.countMatching(filter);
    const page = resolvePage(lastValue(pairs, 'page'), count, pageSize);
    const entries = await repository.listRevisions(filter, (page - 1) * pageSize, pageSize);
    const pages = pageCount(count, pageSize);
    const listUrl = base + request.routeOptions.url;
    const next = page < pages ? joinUrl(listUrl, withQueryParam(pairs, 'page', String(page + 1))) : null;
    // As DRF: the link to page 1 carries no page parameter at all.
    const previous =
      page > 1 ? joinUrl(listUrl, withQueryParam(pairs, 'page', page === 2 ? undefined : String(page - 1))) : null;

    if (format === 'csv') {
      const links = [next && `<${next}>; rel="next"`, previous && `<${previous}>; rel="prev"`].filter(Boolean);
      return {
        contentType: contentTypes.csv,
        body: Buffer.from(csvHeaderLine + (await rendered(entries, csvCache)).join('')),
        headers: links.length > 0 ? { link: links.join(', ') } : {},
      };
    }
    const json =
      `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},` +
      `"results":{"type":"FeatureCollection","features":[${(await rendered(entries, featureCache)).join(',')}]}}`;
    if (format === 'json') return { contentType: contentTypes.json, body: Buffer.from(json), headers: {} };
    return {
      contentType: contentTypes.api,
      body: Buffer.from(
        browsableHtml({
          title: 'Counter List',
          statusCode: 200,
          requestUrl: request.url,
          json,
          next,
          previous,
          position: `Page ${page} of ${pages}`,
          formats: {
            json: joinUrl(listUrl, withQueryParam(pairs, 'format', 'json')),
            csv: joinUrl(listUrl, withQueryParam(pairs, 'format', 'csv')),
          },
        }),
      ),
      headers: formatHeaders('api'),
    };
  };

  app.get('/', { prefixTrailingSlash: 'slash' }, async (request, reply) => {
    const base = baseUrl(request);
    // The key holds the base too: links in the body are absolute.
    const key = `${base} ${request.url}`;
    const version = await repository.datasetVersion();
    const cached = listingCache.get(key, version);
    if (cached) return send(reply, 200, cached);
    const response = await renderList(request, parseQueryString(rawQueryOf(request.url)), base);
    // Cache only what was rendered from one version throughout.
    if ((await repository.datasetVersion()) === version) listingCache.set(key, version, response);
    return send(reply, 200, response);
  });

  app.get<{ Params: { id: string } }>('/:id/', async (request, reply) => {
    const pairs = parseQueryString(rawQueryOf(request.url));
    const format = parseFormat(pairs);
    const base = baseUrl(request);
    const counter = /^[+-]?\d{1,15}$/.test(request.params.id) ? await repository.find(Number(request.params.id)) : undefined;
    if (!counter) throw notFound();
    const json = featureCache.get(counter);
    if (format === 'json') return send(reply, 200, { contentType: contentTypes.json, body: Buffer.from(json), headers: {} });
    if (format === 'csv') {
      return send(reply, 200, { contentType: contentTypes.csv, body: Buffer.from(csvHeaderLine + csvCache.get(counter)), headers: {} });
    }
    const detailUrl = `${base}${(request.routeOptions.url ?? '').replace(':id', String(counter.id))}`;
    const html = browsableHtml({
      title: 'Counter Instance',
      statusCode: 200,
      requestUrl: request.url,
      json,
      formats: {
        json: joinUrl(detailUrl, withQueryParam(pairs, 'format', 'json')),
        csv: joinUrl(detailUrl, withQueryParam(pairs, 'format', 'csv')),
      },
    });
    return send(reply, 200, { contentType: contentTypes.api, body: Buffer.from(html), headers: formatHeaders('api') });
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
