/** The one error handler of every GeoReport-shaped API: the service, the proxy, the service-object registry. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { photoTooLarge } from '../../shared/georeport/problems';
import { isStoreUnavailable, storeRetryAfterSeconds } from '../storage/errors';
import { cutUnreadBodyAfterAnswer } from '../http/refused-body';
import { GeoReportError } from './errors';
import { formatOfUrl } from './format';
import { presentErrors } from './presenter';
import { sendDocument } from './reply';

/** Framework and parser failures, reworded as what the caller should change. */
const knownClientErrors: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'the request body is too large; send smaller photos or fewer of them',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'unsupported Content-Type; send application/x-www-form-urlencoded or multipart/form-data',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'the request body is empty',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body sent',
  FST_REQ_FILE_TOO_LARGE: photoTooLarge,
  FST_FILES_LIMIT: 'too many media[] files',
  FST_PARTS_LIMIT: 'too many form fields and files',
  FST_FIELDS_LIMIT: 'too many form fields',
  FST_PROTO_VIOLATION: 'the form contains a forbidden field name',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'the request is not multipart/form-data',
};

/** The multipart parser's complaints about a malformed or cut-short body, which carry no code. */
const malformedMultipart = /^(?:Unexpected end of (?:multipart data|form)|Malformed part header|Multipart: Boundary not found)/;

/** A body the client stopped sending (closed the connection, or the form was cut short): its mistake, not ours. */
export function describeMultipartMistake(error: FastifyError): string | undefined {
  if (error.code === 'FST_MP_PREMATURE_CLOSE' || error.code === 'ECONNRESET' || error.message === 'aborted') {
    return 'the upload was interrupted before the whole form arrived; send it again';
  }
  if (malformedMultipart.test(error.message)) {
    return 'the multipart/form-data body is malformed or cut short: every part must be complete and the body must end with the closing boundary';
  }
  return undefined;
}

/** A full disk or quota (ENOSPC, EDQUOT), from a photo file or the SQLite file ("database or disk is full"). */
function isDiskFull(error: FastifyError): boolean {
  return error.code === 'ENOSPC' || error.code === 'EDQUOT' || error.code === 'SQLITE_FULL';
}

/**
 * Every failure under /open311/v1 answers as a GeoReport error array in the format asked for.
 * Internal failures never leak details: the spec's answer for them is a 400 "general service
 * error", with the request id so an operator can find the log line.
 */
export function geoReportErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const format = formatOfUrl(request.url);
  // Refused before the body was all read (a bad key, a photo too large): the rest of the upload is not waited for.
  cutUnreadBodyAfterAnswer(request, reply);
  if (error instanceof GeoReportError) {
    if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
    return sendDocument(reply, presentErrors(error.records), format, error.statusCode);
  }
  const multipartMistake = describeMultipartMistake(error);
  if (multipartMistake) {
    // The caller's mistake (or its connection's): noted briefly, no stack trace.
    request.log.info({ problem: multipartMistake }, 'GeoReport request refused: unusable multipart body');
    return sendDocument(reply, presentErrors([{ code: 400, description: multipartMistake }]), format, 400);
  }
  const known = error.code ? knownClientErrors[error.code] : undefined;
  if (known || (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500)) {
    const description = known ?? `the request could not be read: ${error.message}`;
    return sendDocument(reply, presentErrors([{ code: 400, description }]), format, 400);
  }
  if (isDiskFull(error)) {
    // The operator's to fix (free space or grow the volume): said at error level, once per request, without input.
    request.log.error({ code: error.code }, 'GeoReport request failed: no space left where photos or the database are written');
    const description = 'the service has no room to store this report right now (its storage is full); nothing was saved, try again later';
    return sendDocument(reply, presentErrors([{ code: 507, description }]), format, 507);
  }
  if (isStoreUnavailable(error)) {
    // The spec's answer for "the backend is down" is a 400 general service error; Retry-After
    // tells a client that can read it when to try again.
    // The request's logger already carries reqId: naming it again writes the key twice.
    request.log.warn('GeoReport request failed: the database cannot be reached');
    const description = `the service is unavailable for a moment (its database cannot be reached); try again in ${storeRetryAfterSeconds} seconds`;
    reply.header('Retry-After', String(storeRetryAfterSeconds));
    return sendDocument(reply, presentErrors([{ code: 400, description }]), format, 400);
  }
  request.log.error({ err: error }, 'GeoReport request failed');
  const description = `the service could not process the request; try again later, and tell the operator if it persists (request id ${request.id})`;
  return sendDocument(reply, presentErrors([{ code: 400, description }]), format, 400);
}
