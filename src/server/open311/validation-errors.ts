/**
 * Route-schema failures as GeoReport error records: every problem a schema found is one record
 * (a 400), except an unknown jurisdiction, which is the one 404 record, as the spec has it.
 */
import type { FastifySchemaValidationError } from 'fastify';
import type { z } from 'zod';
import { badRequest, GeoReportError, notFound } from './errors';

type Issue = z.core.$ZodRawIssue;

const notFoundStatus = { status: 404 };

/** An issue answered as the one 404 record (an unknown jurisdiction_id): the rest of the input is not looked at. */
export function notFoundIssue(message: string): Issue {
  return { code: 'custom', input: undefined, message, params: notFoundStatus };
}

/** Each problem text as one issue, in order. */
export function reportProblems(ctx: z.core.$RefinementCtx, problems: string[]): void {
  for (const message of problems) ctx.addIssue({ code: 'custom', message });
}

const isNotFound = (error: FastifySchemaValidationError) => {
  const { params } = error;
  return typeof params.params === 'object' && params.params !== null && 'status' in params.params && params.params.status === 404;
};

/** The schema error formatter of a GeoReport route: the error handler answers the records in the path's format. */
export function geoReportValidationError(errors: FastifySchemaValidationError[]): GeoReportError {
  const missing = errors.find(isNotFound);
  if (missing) return notFound(missing.message ?? 'not found');
  return badRequest(errors.map((error) => error.message ?? 'the request is not valid'));
}
