/**
 * A small OpenAPI 3.1 description of the counter list API, served at /schema/ where the real
 * service serves its own. Only the counters are described here; the GeoReport, proxy and
 * moderation APIs are not (yet).
 */
import { defaultPageSize, maxPageSize } from './query';

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const formatParameter = {
  name: 'format',
  in: 'query',
  description: 'json (the default), csv (the features flattened; paging links in a Link header) or api (the browsable HTML page). A path suffix (`.json`, `.csv`, `.api`) does the same and wins.',
  schema: { type: 'string', enum: ['json', 'csv', 'api'] },
};

const errorResponses = {
  '404': { description: 'No such counter, page or format.', content: json(ref('Error')) },
};

export const counterOpenApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Kerro counters API',
    version: '1',
    summary: 'Traffic counters (measurement devices) as paged GeoJSON, wire-compatible with the city\'s Django REST Framework service.',
    description:
      'A minimal description of the counter list API only. Query parameter names may also be given in camelCase (`pageSize`, `municipalityCode`), as the real service takes them.',
  },
  paths: {
    '/api/counters/': {
      get: {
        operationId: 'listCounters',
        summary: 'One page of counters, in ascending id order.',
        parameters: [
          { name: 'page', in: 'query', description: 'A page number from 1, or `last`.', schema: { type: ['integer', 'string'] } },
          {
            name: 'page_size',
            in: 'query',
            description: `Counters a page: ${defaultPageSize} by default, at most ${maxPageSize}; 0, negative or not a number means the default.`,
            schema: { type: 'integer', default: defaultPageSize, maximum: maxPageSize },
          },
          formatParameter,
          { name: 'source', in: 'query', description: 'Data source, matched exactly but ignoring case.', schema: { type: 'string' } },
          {
            name: 'municipality_code',
            in: 'query',
            description: 'Comma list of municipality codes, compared as numbers: 91, 091 and 0091 are all Helsinki.',
            schema: { type: 'string' },
          },
          { name: 'latitude', in: 'query', description: 'With longitude and distance: counters within distance km of the point.', schema: { type: 'number', minimum: -90, maximum: 90 } },
          { name: 'longitude', in: 'query', schema: { type: 'number', minimum: -180, maximum: 180 } },
          { name: 'distance', in: 'query', description: 'Kilometres; a negative distance matches nothing.', schema: { type: 'number' } },
        ],
        responses: {
          '200': { description: 'A page of counters.', content: json(ref('CounterPage')) },
          '400': { description: 'A filter that is not valid, named with its messages.', content: json(ref('ValidationError')) },
          ...errorResponses,
        },
      },
    },
    '/api/counters/{id}/': {
      get: {
        operationId: 'getCounter',
        summary: 'One counter.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }, formatParameter],
        responses: {
          '200': { description: 'The counter as a GeoJSON Feature.', content: json(ref('CounterFeature')) },
          ...errorResponses,
        },
      },
    },
  },
  components: {
    schemas: {
      CounterPage: {
        type: 'object',
        required: ['count', 'next', 'previous', 'results'],
        properties: {
          count: { type: 'integer', description: 'Counters on all pages.' },
          next: { type: ['string', 'null'], format: 'uri' },
          previous: { type: ['string', 'null'], format: 'uri' },
          results: {
            type: 'object',
            required: ['type', 'features'],
            properties: { type: { const: 'FeatureCollection' }, features: { type: 'array', items: ref('CounterFeature') } },
          },
        },
      },
      CounterFeature: {
        type: 'object',
        required: ['type', 'id', 'geometry', 'properties'],
        properties: {
          type: { const: 'Feature' },
          id: { type: 'integer' },
          geometry: {
            type: 'object',
            required: ['type', 'coordinates'],
            properties: {
              type: { const: 'Point' },
              coordinates: {
                type: 'array',
                description: 'Longitude, latitude (WGS 84); 0,0 stands for an unknown location.',
                items: { type: 'number' },
                minItems: 2,
                maxItems: 2,
              },
            },
          },
          properties: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              name: { type: 'string' },
              source: { type: 'string' },
              sourceId: { type: ['integer', 'null'] },
              classifying: { type: 'boolean' },
              crsEpsg: { type: 'integer' },
              municipalityCode: { type: 'string', pattern: '^[0-9]{3}$' },
              dataReceived: { type: 'boolean' },
              firstStoredObservation: { type: ['string', 'null'], format: 'date-time' },
              lastStoredObservation: { type: ['string', 'null'], format: 'date-time' },
            },
          },
        },
      },
      Error: { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } },
      ValidationError: {
        type: 'object',
        description: 'Each field at fault (`latitude`, `municipalityCode`, `Missing parameters`) with its messages.',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
    },
  },
} as const;
