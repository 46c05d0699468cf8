/**
 * How a DRF view answers: one content type per renderer, the headers every answer carries (CORS
 * open, Allow, Vary: Accept), and errors as `{"detail": …}` in the format asked for — the
 * browsable page for `api`, JSON otherwise (csv too), as DRF does.
 */
import type { FastifyReply } from 'fastify';
import { browsableHtml, browsableSecurityHeaders } from './browsable';
import type { DrfErrorBody } from './errors';
import { formatSuffixOf, parseFormat, type DrfFormat } from './negotiation';
import { effectiveQuery, parseQueryString, rawQueryOf } from './query-string';

/** A rendered answer, whole, so it can be cached and sent again as it is. */
export interface DrfResponse {
  contentType: string;
  body: Buffer;
  headers: Record<string, string>;
}

/** A read-only view's methods, as its Allow header says. */
export const readOnlyMethods = 'GET, HEAD, OPTIONS';

export const contentTypes: Record<DrfFormat, string> = {
  json: 'application/json',
  api: 'text/html; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** The browsable page's own CSP and companions; JSON and CSV need none beyond the app's. */
export const formatHeaders = (format: DrfFormat): Record<string, string> => (format === 'api' ? { ...browsableSecurityHeaders } : {});

/** Every header of an answer of a view that takes `allow`, content type included. */
export const drfHeaders = (allow: string, response: DrfResponse): Record<string, string> => ({
  // Vary: Accept, as DRF sends it: the answer's format may depend on it.
  'access-control-allow-origin': '*',
  allow,
  vary: 'Accept',
  ...response.headers,
  'content-type': response.contentType,
});

export const sendDrfResponse = (reply: FastifyReply, statusCode: number, allow: string, response: DrfResponse) =>
  reply.code(statusCode).headers(drfHeaders(allow, response)).send(response.body);

/** The format a request asks for, by suffix, parameter or Accept; undefined when none can answer it. */
export function requestedFormat(url: string, accept?: string): DrfFormat | undefined {
  const path = url.split('?')[0] ?? '';
  const segment = path.replace(/\/$/, '').split('/').pop() ?? '';
  try {
    return parseFormat(effectiveQuery(parseQueryString(rawQueryOf(url))), formatSuffixOf(segment)?.suffix, accept);
  } catch {
    return undefined;
  }
}

export interface DrfErrorRequest {
  url: string;
  accept: string | undefined;
  /** The view's name, the browsable page's title ("Counter List"). */
  title: string;
  allow: string;
}

/** An error in the format asked for: the browsable page for format=api, JSON otherwise (csv too). */
export function drfErrorResponse(request: DrfErrorRequest, statusCode: number, body: DrfErrorBody): DrfResponse {
  // An unknown format is itself the error being reported; answer it in JSON.
  const format = requestedFormat(request.url, request.accept) ?? 'json';
  const json = JSON.stringify(body);
  if (format !== 'api') return { contentType: contentTypes.json, body: Buffer.from(json), headers: formatHeaders('json') };
  return {
    contentType: contentTypes.api,
    body: Buffer.from(browsableHtml({ title: request.title, statusCode, requestUrl: request.url, json, allow: request.allow })),
    headers: formatHeaders('api'),
  };
}
