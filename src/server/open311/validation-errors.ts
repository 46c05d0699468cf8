/**
 * Route-schema failures as GeoReport error records: every problem a schema found is one record
 * (a 400). An unknown jurisdiction, the one 404, is found before the schema runs (it needs the store).
 */
import type { FastifySchemaValidationError } from 'fastify';
import type { z } from 'zod';
import { badRequest, type GeoReportError } from './errors';

/** Each problem text as one issue, in order. */
export function reportProblems(ctx: z.core.$RefinementCtx, problems: string[]): void {
  for (const message of problems) ctx.addIssue({ code: 'custom', message });
}

/** The schema error formatter of a GeoReport route: the error handler answers the records in the path's format. */
export function geoReportValidationError(errors: FastifySchemaValidationError[]): GeoReportError {
  return badRequest(errors.map((error) => error.message ?? 'the request is not valid'));
}
