/**
 * Route schemas of observations, their aggregate, the sources and the API root: each query schema
 * runs its view's own reader (query.ts, sources.ts), whose DrfError is the refusal
 * (drf/route-input.ts), and with the answers they make the OpenAPI document (http/openapi.ts).
 * The answers test holds real answers to them (test/server/openapi).
 */
import { z } from 'zod';
import { drfQuery } from '../drf/route-input';
import { drfErrors, drfOptionsSchema, drfRenderings } from '../drf/wire-schemas';
import { parseAggregateQuery, parseObservationListQuery } from './query';
import { languageOf } from './sources';

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
const sourcesQuery = drfQuery({ format, language: z.enum(['fi', 'sv', 'en']).optional() }, languageOf);

/** The schemas of the views; their readers check dates in `timeZone`, as the views read them. */
export const observationSchemas = (timeZone: string) => ({
  root: {
    tags,
    summary: 'The API root: each list URL',
    querystring: drfQuery({ format }),
    response: { 200: json('List URLs by name', z.record(z.string(), z.string())), ...drfErrors(404, 406) },
  },
  list: {
    tags,
    summary: 'Observations (cursor paging, or page numbers)',
    querystring: drfQuery(
      { format, counter: text, start_date: text, end_date: text, measurement_type: text, source: text, order: text, cursor: text, page: text, page_size: text },
      (query) => parseObservationListQuery(query, timeZone),
    ),
    response: { 200: json('A page of observations', page(observationSchema)), ...errors },
  },
  aggregate: {
    tags,
    summary: "One counter's values summed (speed: averaged) per period",
    querystring: drfQuery(
      { format, counter: z.string(), period: z.enum(['hour', 'day', 'week', 'month', 'year']).optional(), measurement_type: text, start_date: text, end_date: text, order: text, page: text, page_size: text },
      (query) => parseAggregateQuery(query, timeZone),
    ),
    response: { 200: json('A page of aggregated values', page(aggregateSchema)), ...errors },
  },
  sources: {
    tags,
    summary: 'The data sources: name, licence and description in the requested language',
    querystring: sourcesQuery,
    response: { 200: json('The sources', z.array(sourceSchema)), ...errors },
  },
  source: {
    tags,
    summary: 'One data source by name',
    params: z.object({ name: z.string() }),
    querystring: sourcesQuery,
    response: { 200: json('The source', sourceSchema), ...errors },
  },
  options: drfOptionsSchema(tags),
});
