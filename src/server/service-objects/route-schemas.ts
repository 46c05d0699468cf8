/**
 * The service-object search's route schema: its query schema reads the search with
 * parseSearchQuery (every problem one GeoReport error record, the route's refusal), and with the
 * answer it makes the OpenAPI document.
 */
import { z } from 'zod';
import { textParam } from '../http/query-params';
import { GeoReportError } from '../open311/errors';
import { reportProblems } from '../open311/validation-errors';
import { parseSearchQuery } from './search-query';

const point = z.strictObject({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });
/** One text per parameter, as http/query-params reads it (a repeated one is a comma list). */
const text = z.preprocess((value) => textParam({ value }, 'value'), z.string().optional());

// Loose: `limit` is read too, though not documented.
const searchQuery = z.looseObject({ q: text, lat: text, long: text, radius: text, locale: text }).transform((query, ctx) => {
  try {
    return parseSearchQuery(query);
  } catch (error) {
    if (!(error instanceof GeoReportError)) throw error;
    reportProblems(ctx, error.records.map((record) => record.description));
    return z.NEVER;
  }
});

export const serviceObjectsSchema = {
  tags: ['Service objects'],
  summary: 'Service objects (parks, toilets, …) by name or near a point',
  querystring: searchQuery,
  response: {
    200: {
      description: 'The objects found',
      content: {
        'application/json': {
          schema: z.strictObject({
            type: z.literal('FeatureCollection'),
            features: z.array(
              z.strictObject({
                type: z.literal('Feature'),
                id: z.string(),
                geometry: point,
                properties: z.strictObject({
                  service_object_id: z.string(),
                  service_object_type: z.string(),
                  name: z.string(),
                  kind: z.string(),
                  address: z.string(),
                  distance: z.number().int().optional(),
                }),
              }),
            ),
          }),
        },
      },
    },
  },
};
