/**
 * Route-schema failures as GeoReport error records: every problem a schema found is one record
 * (a 400). An unknown jurisdiction, the one 404, is found before the schema runs (it needs the store).
 */
import type { z } from 'zod';
import { badRequest, type GeoReportError } from './errors';

/** Each problem text as one issue, in order. */
export function reportProblems(ctx: z.core.$RefinementCtx, problems: string[]): void {
  for (const message of problems) ctx.addIssue({ code: 'custom', message });
}

/** The refusal of a GeoReport-shaped route (http/route-validation.ts): the error handler answers the records in the path's format. */
export function geoReportRefusal(error: z.ZodError): GeoReportError {
  return badRequest(error.issues.map((issue) => issue.message));
}
