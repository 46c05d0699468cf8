/**
 * Route schemas of the geocoder (Pelias protocol) and the service-object search, for the OpenAPI
 * document only (http/openapi.ts); the routes read their own parameters and answer their own errors.
 */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';

const point = z.strictObject({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });

/** A Pelias answer: a FeatureCollection with its `geocoding` header; errors in the header, no features. */
const peliasCollection = z
  .object({
    geocoding: z.object({ version: z.string(), errors: z.array(z.string()).optional(), warnings: z.array(z.string()).optional() }).loose(),
    type: z.literal('FeatureCollection'),
    features: z.array(z.object({ type: z.literal('Feature'), geometry: point, properties: z.record(z.string(), z.unknown()) }).loose()),
    bbox: z.array(z.number()).optional(),
  })
  .loose();
const pelias = (description: string) => ({ description, content: { 'application/json': { schema: peliasCollection } } });
const peliasAnswers = { 200: pelias('Places, best first'), 400: pelias('Errors in geocoding.errors'), 503: pelias('Errors in geocoding.errors') };
const text = z.string().optional();

/** Typed loosely: the proxy passes on the status its upstream geocoder gave. */
export const geocodingSchemas: Record<'search' | 'reverse' | 'serviceObjects', FastifySchema> = {
  search: {
    tags: ['Geocoding (Pelias)'],
    summary: 'Addresses and places matching a text',
    querystring: z.object({ text: z.string(), lang: text, size: text, 'focus.point.lat': text, 'focus.point.lon': text, layers: text, sources: text }),
    response: peliasAnswers,
  },
  reverse: {
    tags: ['Geocoding (Pelias)'],
    summary: 'Addresses and places near a point, nearest first',
    querystring: z.object({ 'point.lat': z.string(), 'point.lon': z.string(), lang: text, size: text, layers: text, sources: text }),
    response: peliasAnswers,
  },
  serviceObjects: {
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
  },
};
