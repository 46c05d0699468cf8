/**
 * POST /api/counters/ with a GeoJSON Polygon: the counters strictly inside it, as the real
 * service answers — a FeatureCollection (no paging) of the usual features, ascending id — and
 * its errors: `{"error": "Missing GeoJSON polygon in the body."}`, `{"error": "Invalid GeoJSON
 * data: …"}` (400), DRF's JSON parse error and 415 for a body in another media type.
 */
import { counterSchemas } from './route-schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CounterRepository } from '../storage/repositories/types';
import { DrfError, type DrfErrorBody } from '../drf/errors';
import { AreaError, readGeoJsonArea } from './geojson-area';
import { parseFormat } from '../drf/negotiation';
import type { CounterRenderings } from './renderings';
import { contentTypes, sendResponse } from './responses';

const jsonMediaTypes = new Set(['application/json', 'application/geo+json']);

/** What DRF treats as no data: an empty body, or JSON that Python finds falsy ({}, [], null, 0, ""). */
const isEmptyData = (value: unknown) =>
  value === null || value === false || value === 0 || value === '' || (typeof value === 'object' && Object.keys(value).length === 0);

/** The body read as DRF's JSONParser reads it; undefined when there is none. */
function parseBody(request: FastifyRequest): unknown {
  const text = typeof request.body === 'string' ? request.body : '';
  if (text === '') return undefined;
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!jsonMediaTypes.has(mediaType)) {
    const shown = (request.headers['content-type'] ?? '').slice(0, 100);
    throw new DrfError(415, `Unsupported media type "${shown}" in request.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new DrfError(400, `JSON parse error - ${(error as Error).message}`);
  }
}

export function registerPolygonSearch(app: FastifyInstance, repository: CounterRepository, renderings: CounterRenderings): void {
  // Bodies arrive as text whatever their type: the handler answers each case as DRF does.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const answer = (reply: FastifyReply, statusCode: number, body: DrfErrorBody | string) =>
    sendResponse(reply, statusCode, {
      contentType: contentTypes.json,
      body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
      headers: {},
    });

  const search = async (request: FastifyRequest<{ Params: { format?: string } }>, reply: FastifyReply) => {
    // A suffix names a format as for GET (`counters.json`); an unknown one names no URL.
    const suffix = request.params.format;
    if (suffix !== undefined) parseFormat([], suffix);
    const body = parseBody(request);
    if (body === undefined || isEmptyData(body)) return answer(reply, 400, { error: 'Missing GeoJSON polygon in the body.' });
    let area;
    try {
      area = readGeoJsonArea(body);
    } catch (error) {
      if (error instanceof AreaError) return answer(reply, 400, { error: `Invalid GeoJSON data: ${error.message}` });
      throw error;
    }
    const inside = await repository.listWithin(area);
    return answer(reply, 200, `{"type":"FeatureCollection","features":[${inside.map((counter) => renderings.feature(counter)).join(',')}]}`);
  };
  app.post('/', { prefixTrailingSlash: 'slash', schema: counterSchemas.polygonSearch }, search);
  for (const url of ['.:format', '.:format/']) app.post(url, { schema: counterSchemas.polygonSearch }, search);
}
