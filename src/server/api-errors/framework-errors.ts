/** Router failures (before any route runs) answered in the format of the API the path belongs to. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '../../shared/paths';
import { formatOfUrl } from '../open311/format';
import { presentErrors } from '../open311/presenter';
import { serialize } from '../open311/serializers';
import { errorCollection } from '../pelias/envelope';
import { isPathWithin } from '../http/path-within';

// Any case, as the web app's 404 reads them: /OPEN311/v1 is a mistyped API path, not a page.
const anyCase = { anyCase: true };

/**
 * The paths whose errors are GeoReport records, for the web app's 404 (client-routes.ts) and for
 * every answer here alike. The roots, not only `/open311/v1`: `/open311/v1/..` arrives as `/open311/`.
 */
export const geoReportRoots = ['/open311', '/proxy/open311', paths.proxyServiceObjects, paths.media, paths.bodies, paths.proxyBodies];
// The counter service's whole API root (counters, observations, sources), directly and proxied.
const counterPrefixes = ['/api', paths.proxyCounters, paths.proxyCountersApi];
const geocodingPrefixes = ['/geocoding/v1', '/proxy/geocoding/v1'];

/**
 * Fastify's `frameworkErrors`: failures the router meets before any route runs, such as a path
 * whose percent-encoding is not UTF-8 (`/open311/v1/requests/%ED%A0%80.json`) or a parameter over
 * the length limit. Without this they answer Fastify's own JSON, in no API's format. Each API's
 * prefix gets its own error shape.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message =
    status === 414
      ? 'a part of the path is too long'
      : 'the path is not valid: a percent-encoded part of it is not UTF-8 text';
  return answerInApiFormat(request, reply, status, message);
}

/** An error answer in the shape of the API a path belongs to: what to send, with or without a reply object. */
export interface ApiErrorAnswer {
  contentType: string;
  body: string;
  /** Headers this API's errors carry besides the type. */
  headers: Record<string, string>;
}

const moderationCodes: Record<number, string> = { 503: 'unavailable' };

/**
 * The one place that maps a path to its API's error shape: GeoReport error records (JSON or XML
 * by the path's format), the counter service's `{"detail"}`, the geocoder's Pelias envelope, the
 * moderation and residents' APIs' `{"error"}`; plain text for the web app's paths.
 */
export function apiErrorAnswer(path: string, status: number, message: string): ApiErrorAnswer {
  if (isPathWithin(path, geoReportRoots, anyCase)) {
    const { body, contentType } = serialize(presentErrors([{ code: status, description: message }]), formatOfUrl(path));
    return { contentType, body, headers: {} };
  }
  if (isPathWithin(path, counterPrefixes, anyCase)) {
    return { contentType: 'application/json', body: JSON.stringify({ detail: message }), headers: { 'access-control-allow-origin': '*' } };
  }
  if (isPathWithin(path, geocodingPrefixes, anyCase)) {
    return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(errorCollection([message], Date.now())), headers: {} };
  }
  if (isPathWithin(path, [paths.moderationApi, paths.residentsApi], anyCase)) {
    const code = moderationCodes[status] ?? 'invalid_input';
    return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error: { code, message } }), headers: {} };
  }
  return { contentType: 'text/plain; charset=utf-8', body: `${message}\n`, headers: {} };
}

/** Headers every such answer carries: it is answered before (or without) the hooks that add them. */
export const errorAnswerHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
} as const;

/**
 * An error answered before any route runs (router failures, a refused Host, a request arriving
 * while the server shuts down), in the error shape of the API the path belongs to.
 */
export function answerInApiFormat(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  const answer = apiErrorAnswer(request.url.split('?')[0] ?? '', status, message);
  return reply
    .code(status)
    .header('x-request-id', request.id)
    .headers({ ...errorAnswerHeaders, ...answer.headers })
    .type(answer.contentType)
    .send(answer.body);
}
