/**
 * How the counter API answers: one content type per format, the headers every answer carries
 * (CORS open, Allow), and errors as `{"detail": …}` in the format asked for, as DRF does.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { browsableHtml, browsableSecurityHeaders } from './browsable';
import type { CounterErrorBody } from './errors';
import { parseFormat, type CounterFormat } from './query';
import { effectiveQuery, parseQueryString, rawQueryOf } from './query-string';

/** A rendered answer, whole, so it can be cached and sent again as it is. */
export interface CounterResponse {
  contentType: string;
  body: Buffer;
  headers: Record<string, string>;
}

export const allowedMethods = 'GET, HEAD, OPTIONS';
/** The list also takes a POST (the polygon search), as the real viewset's create action. */
export const listAllowedMethods = 'GET, POST, HEAD, OPTIONS';

/** DRF's Allow header of the route: the list's (with POST) or one counter's. */
export const allowedMethodsOf = (routeUrl: string | undefined) =>
  routeUrl === undefined || routeUrl.includes(':id') ? allowedMethods : listAllowedMethods;

export const contentTypes: Record<CounterFormat, string> = {
  json: 'application/json',
  api: 'text/html; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** The browsable page's own CSP and companions; JSON and CSV need none beyond the app's. */
export const formatHeaders = (format: CounterFormat): Record<string, string> =>
  format === 'api' ? { ...browsableSecurityHeaders } : {};

/** Every header of an answer of the route at `routeUrl`, content type included. */
export const answerHeaders = (routeUrl: string | undefined, response: CounterResponse): Record<string, string> => ({
  // Vary: Accept, as DRF sends it: the answer's format may depend on it.
  'access-control-allow-origin': '*',
  allow: allowedMethodsOf(routeUrl),
  vary: 'Accept',
  ...response.headers,
  'content-type': response.contentType,
});

export const sendResponse = (reply: FastifyReply, statusCode: number, response: CounterResponse) =>
  reply.code(statusCode).headers(answerHeaders(reply.request.routeOptions.url, response)).send(response.body);

/**
 * A DRF format suffix (`/api/counters.csv`, `/api/counters/7.json`, a trailing slash allowed):
 * lowercase letters and digits after the one dot of the last path segment, as DRF's
 * format_suffix_patterns match it.
 */
export function formatSuffixOf(segment: string): { name: string; suffix: string } | undefined {
  const match = /^([^/.]+)\.([a-z0-9]+)$/.exec(segment);
  return match ? { name: match[1]!, suffix: match[2]! } : undefined;
}

/** The format a request asks for, by suffix, parameter or Accept; undefined when none can answer it. */
export function requestedFormat(url: string, accept?: string): CounterFormat | undefined {
  const path = url.split('?')[0] ?? '';
  const segment = path.replace(/\/$/, '').split('/').pop() ?? '';
  try {
    return parseFormat(effectiveQuery(parseQueryString(rawQueryOf(url))), formatSuffixOf(segment)?.suffix, accept);
  } catch {
    return undefined;
  }
}

/** An error in the format asked for: the browsable page for format=api, JSON otherwise (csv too). */
export function errorResponse(request: FastifyRequest, statusCode: number, body: CounterErrorBody): CounterResponse {
  // An unknown format is itself the error being reported; answer it in JSON.
  const format = requestedFormat(request.url, request.headers.accept) ?? 'json';
  const json = JSON.stringify(body);
  if (format !== 'api') return { contentType: contentTypes.json, body: Buffer.from(json), headers: formatHeaders('json') };
  const title = request.routeOptions.url?.includes(':id') ? 'Counter Instance' : 'Counter List';
  return {
    contentType: contentTypes.api,
    body: Buffer.from(browsableHtml({ title, statusCode, requestUrl: request.url, json, allow: allowedMethodsOf(request.routeOptions.url) })),
    headers: formatHeaders('api'),
  };
}
