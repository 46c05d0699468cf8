/** Router failures (before any route runs) answered in the format of the API the path belongs to. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { formatOfUrl } from '../open311/format';
import { presentErrors } from '../open311/presenter';
import { serialize } from '../open311/serializers';
import { errorCollection } from '../pelias/envelope';
import { apiOfPath } from './api-of-path';

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

/** The moderation API's stable codes for the statuses answered here (moderation/errors.ts lists them all). */
const moderationCodes: Record<number, string> = {
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'body_too_large',
  415: 'unsupported_media_type',
  500: 'internal_error',
  503: 'unavailable',
};

const plainText = (message: string): ApiErrorAnswer => ({ contentType: 'text/plain; charset=utf-8', body: `${message}\n`, headers: {} });

/**
 * An error in the shape of the API the path belongs to (`apiOfPath`): GeoReport error records
 * (JSON or XML by the path's format), the counter service's `{"detail"}`, the geocoder's Pelias
 * envelope, the moderation and residents' APIs' `{"error"}`; plain text for the feeds, the
 * metrics and the web app's paths.
 */
export function apiErrorAnswer(path: string, status: number, message: string): ApiErrorAnswer {
  switch (apiOfPath(path)) {
    case 'georeport': {
      const { body, contentType } = serialize(presentErrors([{ code: status, description: message }]), formatOfUrl(path));
      return { contentType, body, headers: {} };
    }
    case 'counters':
      return { contentType: 'application/json', body: JSON.stringify({ detail: message }), headers: { 'access-control-allow-origin': '*' } };
    case 'geocoder':
      return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(errorCollection([message], Date.now())), headers: {} };
    case 'moderation': {
      const code = moderationCodes[status] ?? 'invalid_input';
      return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error: { code, message } }), headers: {} };
    }
    case 'feeds':
    case 'metrics':
    case undefined:
      return plainText(message);
  }
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
    // A Buffer, so the type goes as written (Fastify would add a charset to a string's).
    .send(Buffer.from(answer.body));
}
