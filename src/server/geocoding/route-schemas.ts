/**
 * The embedded geocoder's route schemas: the Pelias protocol's (pelias/wire-schemas.ts), whose
 * query schema runs the Pelias parameter parser (params.ts). Its errors are the route's refusal,
 * answered in Pelias's envelope as before; a query it accepts passes on as it came, for the route
 * to read with the Accept-Language header (which can change the language, never an error).
 */
import { z } from 'zod';
import type { RawQuery } from '../http/query-params';
import { peliasSchemas } from '../pelias/wire-schemas';
import { PeliasParameterError, parseReverseParams, parseSearchParams } from './params';

/** Documented as text; any value passes here, the parser says what is wrong with it. */
const param = z.unknown().meta({ type: 'string' }).optional();

function checkedBy(parse: (query: RawQuery) => unknown, names: string[], required: string[]) {
  return z
    .looseObject(Object.fromEntries(names.map((name) => [name, param])))
    .superRefine((query, ctx) => {
      try {
        parse(query);
      } catch (error) {
        if (!(error instanceof PeliasParameterError)) throw error;
        for (const message of error.errors) ctx.addIssue({ code: 'custom', message });
      }
    })
    .meta({ required });
}

/** The refusal of a geocoder route: the parser's errors, in order. */
export const refusePeliasQuery = (error: z.ZodError) => new PeliasParameterError(error.issues.map((issue) => issue.message));

export const geocoderSchemas = {
  search: {
    ...peliasSchemas.search,
    querystring: checkedBy((query) => parseSearchParams(query), ['text', 'lang', 'size', 'focus.point.lat', 'focus.point.lon', 'layers', 'sources'], ['text']),
  },
  reverse: {
    ...peliasSchemas.reverse,
    querystring: checkedBy((query) => parseReverseParams(query), ['point.lat', 'point.lon', 'lang', 'size', 'layers', 'sources'], ['point.lat', 'point.lon']),
  },
};
