/**
 * A read-only DRF view with what DRF's router gives every route: the path with its trailing
 * slash, the same with a format suffix (`.json`, `.csv/`), Django's APPEND_SLASH redirect without
 * it, the json / browsable (`api`) / csv renderers chosen by suffix, `format` or Accept (406 when
 * none can answer), and OPTIONS metadata. The view gives its data as the serializer would; links
 * in it are built from the query as sent, as DRF builds them from the request's own URL.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { browsableHtml } from './browsable';
import { drfCsv, flatRow } from './csv';
import { notFound } from './errors';
import { formatSuffixOf, parseFormat, type DrfFormat } from './negotiation';
import { answerOptions, type ViewMetadata } from './options';
import { effectiveQuery, joinUrl, lastValue, parseQueryString, rawQueryOf, withQueryParam, type QueryPairs } from './query-string';
import { djangoQueryOf } from './route-input';
import { contentTypes, formatHeaders, readOnlyMethods, sendDrfResponse, type DrfResponse } from './responses';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The DRF view's name, for the title of its error pages. */
    drfView?: string;
  }
}

export interface DrfRequest {
  request: FastifyRequest;
  /** The query as sent, in order: the base of links. */
  sent: QueryPairs;
  /** The query as the real views read it (camelCase names in snake_case). */
  query: QueryPairs;
  /** The format suffix of the path, if any (DRF's `format` kwarg): hyperlinks carry it too. */
  suffix: string | undefined;
  /** The absolute URL of this resource as asked for (suffix included), without the query. */
  url: string;
  /** The path parameter of a detail view (a source's name), its suffix taken off. */
  lookup: string | undefined;
}

export interface DrfViewOptions {
  /** The path under the plugin's prefix, without the trailing slash: `/observations`, `` for the API root. */
  path: string;
  /** A detail view's lookup parameter (`name`): the path ends in `/:name`, which holds no dot. */
  lookup?: string;
  metadata: ViewMetadata;
  /** The OpenAPI schemas: the GET answer and OPTIONS. */
  schemas: { get: FastifySchema; options: FastifySchema };
  /** The data as the view's serializer gives it, ready for JSON. */
  data: (ask: DrfRequest) => Promise<unknown>;
  /** The absolute URL of the API root (`…/api`), for resource URLs. */
  base: (request: FastifyRequest) => string;
}

/**
 * PaginatedCSVRenderer's rows: a list as it is, a page's `results`, nothing of any other object.
 * A detail view asked for `format=csv` uses the plain CSVRenderer (the real BaseCSVRetrieveViewSet):
 * the object is its one row.
 */
function csvRows(data: unknown, wholeObject: boolean): unknown[] {
  if (Array.isArray(data)) return data;
  if (wholeObject) return [data];
  const results = data !== null && typeof data === 'object' ? (data as { results?: unknown }).results : undefined;
  return Array.isArray(results) ? results : [];
}

const linkOf = (value: unknown) => (typeof value === 'string' ? value : null);

function render(format: DrfFormat, data: unknown, ask: DrfRequest, view: DrfViewOptions, resourceUrl: string): DrfResponse {
  const json = JSON.stringify(data);
  if (format === 'json') return { contentType: contentTypes.json, body: Buffer.from(json), headers: {} };
  const envelope = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const next = linkOf(envelope.next);
  const previous = linkOf(envelope.previous);
  if (format === 'csv') {
    const wholeObject = view.lookup !== undefined && lastValue(ask.query, 'format') === 'csv';
    const links = [next && `<${next}>; rel="next"`, previous && `<${previous}>; rel="prev"`].filter(Boolean);
    const rows = csvRows(data, wholeObject).map(flatRow);
    return { contentType: contentTypes.csv, body: Buffer.from(drfCsv(rows)), headers: links.length > 0 ? { link: links.join(', ') } : {} };
  }
  const html = browsableHtml({
    title: view.metadata.name,
    statusCode: 200,
    requestUrl: ask.request.url,
    json,
    next,
    previous,
    formats: {
      json: joinUrl(resourceUrl, withQueryParam(ask.sent, 'format', 'json')),
      csv: joinUrl(resourceUrl, withQueryParam(ask.sent, 'format', 'csv')),
    },
  });
  return { contentType: contentTypes.api, body: Buffer.from(html), headers: formatHeaders('api') };
}

/** The view's name for its error pages (drf/responses.ts). */
export const viewNameOf = (request: FastifyRequest): string | undefined => request.routeOptions.config?.drfView;

/** What the path says: its format suffix and the detail view's lookup, and whether it ends in a slash. */
interface PathParts {
  suffix: string | undefined;
  lookup: string | undefined;
  slash: boolean;
}

/** What DRF's initial() settled for a request, read by its handler. */
const initials = new WeakMap<FastifyRequest, PathParts & { format: DrfFormat; root: string }>();

export function registerDrfView(app: FastifyInstance, view: DrfViewOptions): void {
  const { path, lookup } = view;
  const config = { drfView: view.metadata.name };
  const suffixSchema = { ...view.schemas.get, params: z.object({ format: z.string().describe('a format suffix: json, api or csv') }) };

  // DRF's initial(), before the view's query schema runs: the path read (404), the format
  // negotiated (an unknown one 404, an unmet Accept 406), the API root's host checked (400); the
  // view's reader then refuses a query in the schema (400), and paging in the handler (404).
  const initial = (pathOf: (request: FastifyRequest) => PathParts | undefined) => async (request: FastifyRequest) => {
    const parts = pathOf(request);
    if (parts === undefined) return;
    const format = parseFormat(djangoQueryOf(request), parts.suffix, request.headers.accept);
    initials.set(request, { ...parts, format, root: view.base(request) });
  };
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const { suffix, lookup: lookupValue, slash, format, root } = initials.get(request)!;
    const sent = parseQueryString(rawQueryOf(request.url));
    const query = effectiveQuery(sent);
    const resource = lookupValue === undefined ? path : `${path}/${encodeURIComponent(lookupValue)}`;
    const url = suffix === undefined ? `${root}${resource}/` : `${root}${resource}.${suffix}${slash ? '/' : ''}`;
    const data = await view.data({ request, sent, query, suffix, url, lookup: lookupValue });
    return sendDrfResponse(reply, 200, readOnlyMethods, render(format, data, { request, sent, query, suffix, url, lookup: lookupValue }, view, `${root}${resource}/`));
  };
  const options = (request: FastifyRequest, reply: FastifyReply) => answerOptions(request, reply, readOnlyMethods, view.metadata);

  if (lookup === undefined) {
    app.get(`${path}/`, { schema: view.schemas.get, config, preValidation: initial(() => ({ suffix: undefined, lookup: undefined, slash: true })) }, answer);
    for (const slash of [false, true]) {
      // The API root's suffix follows its slash (`/api/.json`), as DRF's router writes it.
      const url = `${path === '' ? '/' : path}.:format${slash ? '/' : ''}`;
      const suffixOf = (request: FastifyRequest) => {
        const { format } = request.params as { format: string };
        // DRF's suffix is lowercase letters and digits; anything else names no URL.
        if (!/^[a-z0-9]+$/.test(format)) throw notFound();
        return { suffix: format, lookup: undefined, slash };
      };
      app.get(url, { schema: suffixSchema, config, preValidation: initial(suffixOf) }, answer);
      app.options(url, { schema: { ...view.schemas.options, params: z.object({ format: z.string() }) }, config }, options);
    }
    app.options(`${path}/`, { schema: view.schemas.options, config }, options);
    if (path !== '') app.get(path, { schema: { hide: true } }, (request, reply) => redirectWithSlash(request, reply, request.url.split('?')[0]!));
    return;
  }

  // A detail view: `/:name/`, or with a suffix `/:name.json` (a slash after it allowed); the lookup holds no dot.
  const detail = `${path}/:${lookup}`;
  const lookupParams = z.object({ [lookup]: z.string() });
  const read = (slash: boolean) => (request: FastifyRequest) => {
    const value = (request.params as Record<string, string>)[lookup]!;
    const suffixed = formatSuffixOf(value);
    if (suffixed) return { lookup: suffixed.name, suffix: suffixed.suffix, slash };
    if (value.includes('.')) throw notFound();
    return { lookup: value, suffix: undefined, slash };
  };
  app.get(`${detail}/`, { schema: { ...view.schemas.get, params: lookupParams }, config, preValidation: initial(read(true)) }, answer);
  // Without the slash: with a suffix the view answers; without one, Django's redirect (whatever the query).
  const suffixedOnly = (request: FastifyRequest) => {
    const parts = read(false)(request);
    return parts.suffix === undefined ? undefined : parts;
  };
  app.get(detail, { schema: { hide: true, params: lookupParams }, config, preValidation: initial(suffixedOnly) }, (request, reply) =>
    initials.has(request) ? answer(request, reply) : redirectWithSlash(request, reply, request.url.split('?')[0]!),
  );
  app.options(`${detail}/`, { schema: { ...view.schemas.options, params: lookupParams }, config }, options);
}

/** Django's APPEND_SLASH: a permanent redirect to the slash form, query string kept. */
function redirectWithSlash(request: FastifyRequest, reply: FastifyReply, path: string) {
  const query = rawQueryOf(request.url);
  return reply.header('access-control-allow-origin', '*').redirect(`${path}/${query === '' ? '' : `?${query}`}`, 301);
}
