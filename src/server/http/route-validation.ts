/**
 * Route schemas are the edge: each API's plugin validates its routes' params, query and body with
 * the routes' own zod schemas, and a schema's refusal becomes that API's own error (GeoReport
 * records, moderation's `{"error"}`, …), thrown to the API's error handler like any other. The
 * handler then receives what the schema parsed. There is no app-wide validator: a zod schema in a
 * plugin that has not said how to refuse fails the app's start.
 */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

export type HttpPart = 'params' | 'querystring' | 'body' | 'headers';

/** The API's error for input its schema refused. */
export type Refusal = (error: z.ZodError, part: HttpPart) => Error;

/**
 * A schema's check that raised the API's own error (a reader the routes share, whose error is
 * the wire's): the issue carries the error, and `raisedOr` hands it back as the refusal.
 */
export function addRaised(ctx: z.core.$RefinementCtx, error: Error): void {
  ctx.addIssue({ code: 'custom', message: error.message, params: { raised: error } });
}

/** The refusal: the error a check raised, as it raised it; `otherwise` for any other issue. */
export const raisedOr =
  (otherwise: Refusal): Refusal =>
  (error, part) => {
    for (const issue of error.issues) {
      const raised: unknown = issue.code === 'custom' ? issue.params?.raised : undefined;
      if (raised instanceof Error) return raised;
    }
    return otherwise(error, part);
  };

/**
 * A field in the OpenAPI document as `field` describes it, taking any value at run time: for
 * what the route's own reader judges (a whole query at once), or passes on as it came.
 */
export function documentedAs(field: z.ZodType) {
  const { $schema: _, ...json } = z.toJSONSchema(field, { io: 'input' });
  const documented = z.unknown().meta(json);
  return field.safeParse(undefined).success ? documented.optional() : documented;
}

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
 * Like validateRoutes, for a plugin whose forms are streamed to their handlers (photos spooled as
 * they arrive, the key checked before any does): there is no body when a schema would run, so a
 * body schema documents the form, which the handler reads and checks.
 */
export function validateRoutesButStreamedForms(app: FastifyInstance, refuse: Refusal): void {
  const validate = zodValidatorCompiler(refuse);
  app.setValidatorCompiler<z.ZodType>((route) => (route.httpPart === 'body' ? (value: unknown) => ({ value }) : validate(route)));
}

/** The refusal of a plugin whose schemas admit every input as it came (a pass-through): none comes. */
export const admitsAll: Refusal = (error) => error;
