/**
 * Route schemas of observations, their aggregate, the sources and the API root, for the OpenAPI
 * document only (http/openapi.ts): the routes read their queries and answer DRF's errors
 * themselves. The answers test holds real answers to them (test/server/openapi).
 */
import { z } from 'zod';
import { drfErrors, drfOptionsSchema, drfRenderings } from '../drf/wire-schemas';

const tags = ['Counters'];
const json = drfRenderings;
const errors = drfErrors(400, 404, 406);
const format = z.enum(['json', 'api', 'csv']).optional().describe('or a format suffix (`.json`), or by Accept: application/json, text/html, text/csv');
const page = (item: z.ZodType) =>
  z.strictObject({ count: z.number().int().optional(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });

const observationSchema = z.strictObject({
  typeofmeasurement: z.string(),
  phenomenondurationseconds: z.number().int(),
  vehicletype: z.string(),
  direction: z.string(),
  unit: z.string(),
  value: z.number(),
  datetime: z.string(),
  source: z.string(),
  counter: z.string().describe("the counter's URL"),
  counterId: z.number().int(),
});

const aggregateSchema = z.strictObject({
  period: z.string(),
  counterId: z.number().int(),
  startTime: z.string(),
  direction: z.string(),
  unit: z.string(),
  aggregatedValue: z.number(),
});

const text = z.string().optional();
const sourceSchema = z.strictObject({ name: z.string(), license: z.string(), description: z.string() });
export const observationSchemas = {
  root: {
    tags,
    summary: 'The API root: each list URL',
    querystring: z.object({ format }),
    response: { 200: json('List URLs by name', z.record(z.string(), z.string())), ...drfErrors(404, 406) },
  },
  list: {
    tags,
    summary: 'Observations (cursor paging, or page numbers)',
    querystring: z.object({ format, counter: text, start_date: text, end_date: text, measurement_type: text, source: text, order: text, cursor: text, page: text, page_size: text }),
    response: { 200: json('A page of observations', page(observationSchema)), ...errors },
  },
  aggregate: {
    tags,
    summary: "One counter's values summed (speed: averaged) per period",
    querystring: z.object({ format, counter: z.string(), period: z.enum(['hour', 'day', 'week', 'month', 'year']).optional(), measurement_type: text, start_date: text, end_date: text, order: text, page: text, page_size: text }),
    response: { 200: json('A page of aggregated values', page(aggregateSchema)), ...errors },
  },
  sources: {
    tags,
    summary: 'The data sources: name, licence and description in the requested language',
    querystring: z.object({ format, language: z.enum(['fi', 'sv', 'en']).optional() }),
    response: { 200: json('The sources', z.array(sourceSchema)), ...errors },
  },
  source: {
    tags,
    summary: 'One data source by name',
    params: z.object({ name: z.string() }),
    querystring: z.object({ format, language: z.enum(['fi', 'sv', 'en']).optional() }),
    response: { 200: json('The source', sourceSchema), ...errors },
  },
  options: drfOptionsSchema(tags),
};
