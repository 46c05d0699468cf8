/**
 * Route schemas are the edge: each API's plugin validates its routes' params, query and body with
 * the routes' own zod schemas, and a schema's refusal becomes that API's own error (GeoReport
 * records, moderation's `{"error"}`, …), thrown to the API's error handler like any other. The
 * handler then receives what the schema parsed. There is no app-wide validator: a zod schema in a
 * plugin that has not said how to refuse fails the app's start.
 */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

export type HttpPart = 'params' | 'querystring' | 'body' | 'headers';

/** The API's error for input its schema refused. */
export type Refusal = (error: z.ZodError, part: HttpPart) => Error;

/** A validator compiler that parses each part with its zod schema and refuses with `refuse`. */
export function zodValidatorCompiler(refuse: Refusal): FastifySchemaCompiler<z.ZodType> {
  return ({ schema, httpPart }) =>
    (value) => {
      // No body (or `null`) is parsed as an empty object, as the handlers' own parses did.
      const parsed = schema.safeParse(value ?? {});
      return parsed.success ? { value: parsed.data } : { error: refuse(parsed.error, httpPart as HttpPart) };
    };
}

/** This plugin's routes are validated by their zod schemas, a refusal answered as `refuse` says. */
export function validateRoutes(app: FastifyInstance, refuse: Refusal): void {
  app.setValidatorCompiler(zodValidatorCompiler(refuse));
}

/**
 * For a plugin whose routes still read their own input: its schemas describe the routes for the
 * OpenAPI document and validate nothing (test/server/openapi/route-validation.test.ts lists them).
 */
export function describeRoutesOnly(app: FastifyInstance): void {
  app.setValidatorCompiler(() => (value) => ({ value }));
}
