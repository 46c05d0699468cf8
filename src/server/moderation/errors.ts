/**
 * Every failure of the moderation API answers `{"error": {"code", "message"}}`, plus `fields`
 * for invalid input (`[{field, message, code, limit?}]`, src/shared/moderation/wire.ts). `code`
 * is stable for programs; `message` says what to fix.
 *
 *   invalid_input 400, unauthenticated 401, invalid_credentials 401, origin_not_allowed 403,
 *   csrf_token_invalid 403, forbidden 403 (a body the moderator does not moderate), not_found 404, moved 404 (a report moved out of the moderator's
 *   bodies, with `moved_to`: the body that has it now), conflict 409, body_too_large 413,
 *   unsupported_media_type 415, too_many_attempts 429 (with Retry-After), too_many_uploads 429
 *   (a caller's report's photos over the client's upload share; with Retry-After), internal_error 500,
 *   unavailable 503 (the database cannot be reached, or the server's upload budget is full; with Retry-After).
 */
import type { ModerationFieldProblem } from '../../shared/moderation/wire';
import type { Problem } from '../../shared/validation/problems';
import { describeMultipartMistake } from '../open311/error-handler';
import { isStoreUnavailable, storeRetryAfterSeconds } from '../storage/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export class ModerationApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: { fields?: ModerationFieldProblem[]; retryAfterSeconds?: number; movedTo?: string } = {},
  ) {
    super(message);
  }
}

export const unauthenticated = () =>
  new ModerationApiError(401, 'unauthenticated', 'sign in first: POST /moderation/api/session with your name and password');
export const notFound = (message: string) => new ModerationApiError(404, 'not_found', message);
export const conflict = (message: string) => new ModerationApiError(409, 'conflict', message);

/**
 * The 400 for input a schema refused: one entry per field, its message and the code of its
 * problem (`problemOf` finds it from the message the schema declared it with; a framework
 * default that no schema words is `invalid`).
 */
export function invalidInput(error: z.ZodError, prefix: string, problemOf: (message: string) => Problem | undefined): ModerationApiError {
  const fields: ModerationFieldProblem[] = [];
  for (const issue of error.issues) {
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    // One problem per field: the first says what to fix, follow-on checks would only repeat it.
    if (fields.some((problem) => problem.field === field)) continue;
    const problem = problemOf(issue.message);
    fields.push({
      field,
      message: issue.message,
      code: problem?.code ?? 'invalid',
      ...(problem?.limit === undefined ? {} : { limit: problem.limit }),
    });
  }
  const summary = fields.map((problem) => (problem.field ? `${problem.field}: ${problem.message}` : problem.message)).join('; ');
  return new ModerationApiError(400, 'invalid_input', summary, { fields });
}

const frameworkErrors: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'body_too_large', 'the request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'send the body as application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_input', 'Content-Length does not match the body sent'],
  // A caller's report with photos (multipart), under the residents' photo limits.
  FST_REQ_FILE_TOO_LARGE: [413, 'body_too_large', 'a photo is larger than the service takes; send a smaller one'],
  FST_FILES_LIMIT: [413, 'body_too_large', 'too many photos for one report'],
  FST_PARTS_LIMIT: [400, 'invalid_input', 'too many form fields and files'],
  FST_FIELDS_LIMIT: [400, 'invalid_input', 'too many form fields'],
  FST_PROTO_VIOLATION: [400, 'invalid_input', 'the form contains a forbidden field name'],
};

export function sendError(reply: FastifyReply, error: ModerationApiError) {
  if (error.extra.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.extra.retryAfterSeconds));
  const body = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.extra.fields ? { fields: error.extra.fields } : {}),
      ...(error.extra.movedTo === undefined ? {} : { moved_to: error.extra.movedTo }),
    },
  };
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/** Known failures in the API's shape; anything else is logged and answered without internals. */
export function moderationErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ModerationApiError) return sendError(reply, error);
  const known = error.code ? frameworkErrors[error.code] : undefined;
  if (known) return sendError(reply, new ModerationApiError(...known));
  const multipartMistake = describeMultipartMistake(error);
  if (multipartMistake) return sendError(reply, new ModerationApiError(400, 'invalid_input', multipartMistake));
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    // e.g. malformed JSON: the parser's message names the position, never stored data.
    return sendError(reply, new ModerationApiError(400, 'invalid_input', `the request could not be read: ${error.message}`));
  }
  if (isStoreUnavailable(error)) {
    request.log.warn('moderation request failed: the database cannot be reached');
    return sendError(
      reply,
      new ModerationApiError(503, 'unavailable', `the database cannot be reached right now; try again in ${storeRetryAfterSeconds} seconds`, {
        retryAfterSeconds: storeRetryAfterSeconds,
      }),
    );
  }
  request.log.error({ err: error }, 'moderation request failed');
  return sendError(
    reply,
    new ModerationApiError(500, 'internal_error', `the server could not do this; try again, and tell the operator if it persists (request id ${request.id})`),
  );
}

/** A Host header that is not a plain host[:port] cannot go into links, so the request cannot be served. */
export const invalidHost = () =>
  new ModerationApiError(400, 'invalid_input', 'the request could not be read: the Host header must be a plain host name with an optional port');
