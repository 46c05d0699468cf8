/**
 * A DRF route's input validated by its schemas (http/route-validation.ts). Before any schema
 * runs, the query is read again as the real views read it (query-string.ts: Django's parsing,
 * names in snake_case, the last value of each), in place of what Fastify's parser made of it. A
 * query schema documents the parameters and runs the view's own reader (a FilterSet's checks, the
 * language's): the DrfError it raises is the refusal, answered by the API's error handler as before.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addRaised, documentedAs, raisedOr, validateRoutes } from '../http/route-validation';
import { badRequest, DrfError } from './errors';
import { effectiveQuery, parseQueryString, rawQueryOf, type QueryPairs } from './query-string';

/** The query as the views read it: each name in snake_case with its last value. */
export const djangoQueryOf = (request: FastifyRequest): QueryPairs => effectiveQuery(parseQueryString(rawQueryOf(request.url)));

/**
 * A view's query schema: `shape` documents the parameters (those it does not admit undefined are
 * required in the document), `read` is the view's reader, whose DrfError refuses the query.
 */
export function drfQuery(shape: Record<string, z.ZodType>, read: (query: QueryPairs) => unknown = () => undefined) {
  const required = Object.entries(shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);
  // Every parameter optional at run time: a missing one is the reader's to name ("This field is required.").
  const documented = Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, documentedAs(field).optional()]));
  return z
    .looseObject(documented)
    .superRefine((query, ctx) => {
      try {
        read(Object.entries(query) as [string, string][]);
      } catch (error) {
        if (!(error instanceof DrfError)) throw error;
        addRaised(ctx, error);
      }
    })
    .meta(required.length > 0 ? { required } : {});
}

/** The error the view's reader raised, as it raised it; anything else a schema refused is malformed. */
export const refuseDrfInput = raisedOr(() => badRequest('Malformed request.'));

/** This DRF plugin's routes read their query as Django does and validate their input with their schemas. */
export function validateDrfRoutes(app: FastifyInstance): void {
  validateRoutes(app, refuseDrfInput);
  app.addHook('preValidation', async (request) => {
    request.query = Object.fromEntries(djangoQueryOf(request));
  });
}
