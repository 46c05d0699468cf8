/**
 * Failures of the resident alerts API: `{"error": code, "message": what to fix}`, plus `fields`
 * for invalid input. Codes: invalid_input 400, sign_in_required 401, not_found 404,
 * unsupported_media_type 415, too_many_requests 429 (with Retry-After), internal_error 500.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ResidentApiError } from '../../shared/alerts/wire';

export class AlertsApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: { fields?: { field: string; message: string }[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const signInRequired = () => new AlertsApiError(401, 'sign_in_required', 'sign in first: your alerts are listed once you have signed in with the link emailed to you');

const frameworkErrors: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'body_too_large', 'the request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'send the body as application/json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_input', 'send the alert as a JSON object'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_input', 'the body is not valid JSON; send the alert as a JSON object'],
};

export function alertsErrorHandler(error: FastifyError | AlertsApiError, request: FastifyRequest, reply: FastifyReply) {
  let answer: { status: number; body: ResidentApiError; retryAfter?: number };
  if (error instanceof AlertsApiError) {
    answer = { status: error.statusCode, body: { error: error.code, message: error.message, ...(error.extra.fields ? { fields: error.extra.fields } : {}) }, retryAfter: error.extra.retryAfterSeconds };
  } else {
    const known = (error.code && frameworkErrors[error.code]) || (error instanceof SyntaxError ? frameworkErrors.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
    if (known) answer = { status: known[0], body: { error: known[1], message: known[2] } };
    else {
      request.log.error({ err: { name: error.name, code: error.code } }, 'resident alerts API failed');
      answer = { status: 500, body: { error: 'internal_error', message: 'something went wrong on our side; try again later' } };
    }
  }
  if (answer.retryAfter !== undefined) void reply.header('retry-after', String(answer.retryAfter));
  return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
}
