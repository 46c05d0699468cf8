/**
 * Route schemas of the Pelias protocol (search, reverse) for the OpenAPI document (http/openapi.ts):
 * the embedded geocoder and the proxy's pass-through both answer it. The embedded geocoder's query
 * schemas validate with its parameter parser (geocoding/route-schemas.ts); the pass-through leaves
 * the parameters to the Pelias service it forwards to.
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
export const peliasSchemas: Record<'search' | 'reverse', FastifySchema> = {
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
};
