/** Router failures (before any route runs) answered in the format of the API the path belongs to. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '../../shared/paths';
import { formatOfUrl } from '../open311/format';
import { presentErrors } from '../open311/presenter';
import { sendDocument } from '../open311/reply';
import { errorCollection } from '../geocoding/pelias';

const startsWithin = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

const geoReportPrefixes = [paths.georeport, paths.proxyGeoreport, paths.proxyServiceObjects, paths.media];
const counterPrefixes = [paths.counters, paths.proxyCounters];
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

/**
 * An error answered before any route runs (router failures, a refused Host), in the error shape
 * of the API the path belongs to; no hook has run, so the few headers that matter are set here.
 */
export function answerInApiFormat(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  const path = request.url.split('?')[0] ?? '';
  reply
    .code(status)
    .header('x-request-id', request.id)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('cache-control', 'no-store');
  if (startsWithin(path, geoReportPrefixes)) {
    return sendDocument(reply, presentErrors([{ code: status, description: message }]), formatOfUrl(request.url), status);
  }
  if (startsWithin(path, counterPrefixes)) {
    return reply.header('access-control-allow-origin', '*').type('application/json').send(JSON.stringify({ detail: message }));
  }
  if (startsWithin(path, geocodingPrefixes)) {
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(errorCollection([message], Date.now())));
  }
  if (startsWithin(path, [paths.moderationApi])) {
    return reply.type('application/json; charset=utf-8').send(JSON.stringify({ error: { code: 'invalid_input', message } }));
  }
  return reply.type('text/plain; charset=utf-8').send(`${message}\n`);
}
