/**
 * Route schemas of the counter list service: the query schemas run the list's filter reader
 * (query.ts) and the polygon search's body schema reads its area (polygon-search-body.ts), each
 * refusing with the error its reader raised (drf/route-input.ts), answered by the API's error
 * handler as before; with the answers they make the OpenAPI document (http/openapi.ts). The
 * pages are pre-rendered, so the answers' schemas do not touch the wire; the answers test holds
 * real answers to them (test/server/openapi).
 */
import { z } from 'zod';
import { drfQuery } from '../drf/route-input';
import { drfErrorSchema } from '../drf/wire-schemas';
import { polygonSearchBody } from './polygon-search-body';
import { parseFilter } from './query';

const tags = ['Counters'];
const when = z.string().nullable().describe('ISO 8601 with the offset; null when nothing is stored');

export const counterFeatureSchema = z.strictObject({
  type: z.literal('Feature'),
  id: z.number().int(),
  geometry: z.strictObject({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]).describe('longitude, latitude') }),
  properties: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    source: z.string(),
    sourceId: z.number().int().nullable(),
    classifying: z.boolean(),
    crsEpsg: z.number().int(),
    municipalityCode: z.string(),
    dataReceived: z.boolean(),
    firstStoredObservation: when,
    lastStoredObservation: when,
  }),
});

/** A distance search's feature, as the real CounterDistanceSerializer writes it (distance in km). */
const distanceFeatureSchema = z.strictObject({
  id: z.number().int(),
  geometry: counterFeatureSchema.shape.geometry,
  distance: z.number(),
  properties: z.strictObject({ id: z.number().int(), name: z.string(), source: z.string(), classifying: z.boolean(), crsEpsg: z.number().int(), distance: z.number() }),
});

const pageSchema = z.strictObject({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.strictObject({ type: z.literal('FeatureCollection'), features: z.array(z.union([counterFeatureSchema, distanceFeatureSchema])) }),
});

const drfErrors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `DRF error (${code})`, content: { 'application/json': { schema: drfErrorSchema } } }]));

const listQuery = drfQuery(
  {
    format: z.enum(['json', 'api', 'csv']).optional().describe('or by Accept: application/json, text/html, text/csv'),
    page: z.string().optional(),
    page_size: z.string().optional().describe('at most 1000'),
    source: z.string().optional(),
    municipality_code: z.string().optional(),
    latitude: z.string().optional(),
    longitude: z.string().optional(),
    distance: z.string().optional().describe('km; with latitude and longitude, nearest first'),
    csv_layout: z.string().optional(),
  },
  parseFilter,
);

const listAnswers = {
  200: {
    description: 'One page of counters',
    content: {
      'application/json': { schema: pageSchema },
      'text/csv': { schema: z.string().describe('CSV, one row per counter') },
      'text/html': { schema: z.string().describe("DRF's browsable page") },
    },
  },
  ...drfErrors(400, 404, 406),
};

/** One counter as the detail routes answer it, in each format. */
const oneCounter = { description: 'The counter', content: { 'application/json': { schema: counterFeatureSchema }, 'text/csv': { schema: z.string() }, 'text/html': { schema: z.string() } } };

const featureCollection = z.strictObject({ type: z.literal('FeatureCollection'), features: z.array(counterFeatureSchema) });

export const counterSchemas = {
  list: { tags, summary: 'Counters, a page at a time (GeoJSON in a DRF envelope)', querystring: listQuery, response: listAnswers },
  listWithSuffix: { tags, summary: 'Counters, the format named by the suffix', params: z.object({ format: z.string() }), querystring: listQuery, response: listAnswers },
  detail: {
    tags,
    summary: 'One counter (`7/`, or `7.json` with a format suffix)',
    params: z.object({ id: z.string() }),
    // DRF's get_object() filters the queryset first: the list's filters are read here too.
    querystring: drfQuery({ format: z.enum(['json', 'api', 'csv']).optional() }, parseFilter),
    response: {
      200: oneCounter,
      ...drfErrors(404, 406),
    },
  },
  detailOrRedirect: {
    tags,
    summary: 'One counter with a format suffix (`7.json`); without one, a redirect (301) to `7/`',
    params: z.object({ id: z.string() }),
    response: {
      200: oneCounter,
      301: z.null().describe("Django's APPEND_SLASH: a redirect to the same path with a slash"),
      ...drfErrors(404, 406),
    },
  },
  polygonSearch: {
    tags,
    summary: 'The counters inside a GeoJSON Polygon or MultiPolygon',
    body: polygonSearchBody(z.object({ type: z.string(), coordinates: z.array(z.unknown()) }).describe('a GeoJSON geometry, or a Feature holding one')),
    response: {
      200: { description: 'The counters inside', content: { 'application/json': { schema: featureCollection } } },
      400: { description: 'Bad geometry', content: { 'application/json': { schema: z.strictObject({ error: z.string() }) } } },
      ...drfErrors(405, 415),
    },
  },
  options: { tags, summary: "DRF's metadata, or a CORS preflight answer", response: { 200: { description: 'DRF metadata', content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } } } },
};

/** A route's path parameters, any text (what the path names is read by the route's hook or handler). */
export const pathParams = {
  suffix: z.object({ format: z.string() }),
  id: z.object({ id: z.string() }),
};
