/** The service-object search's route schema, for the OpenAPI document only; the route reads its own parameters. */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';

const point = z.strictObject({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });
const text = z.string().optional();

export const serviceObjectsSchema: FastifySchema = {
  tags: ['Service objects'],
  summary: 'Service objects (parks, toilets, …) by name or near a point',
  querystring: z.object({ q: text, lat: text, long: text, radius: text, locale: text }),
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
