/**
 * POST /api/counters/ with a GeoJSON Polygon: the counters strictly inside it, as the real
 * service answers — a FeatureCollection (no paging) of the usual features, ascending id — and
 * its errors: DRF's 415 for a body in another media type, then what the body's schema refuses
 * (polygon-search-body.ts: DRF's JSON parse error, the view's own `{"error": …}`).
 */
import { counterSchemas, pathParams } from './route-schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CounterRepository, PolygonArea } from '../storage/repositories/types';
import rateLimit from '@fastify/rate-limit';
import { DrfError, throttled } from '../drf/errors';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { parseFormat } from '../drf/negotiation';
import { bodyTextOf, polygonSearchMediaTypes, type PolygonSearchRefusal } from './polygon-search-body';
import type { CounterRenderings } from './renderings';
import { contentTypes, sendResponse, type CounterResponse } from './responses';

/** How many area searches a client may make a minute, counted in `store` (every instance together). */
export interface AreaSearchLimit {
  perMinute: number;
  store: FastifyRateLimitStoreCtor;
}

export async function registerPolygonSearch(app: FastifyInstance, repository: CounterRepository, renderings: CounterRenderings, limit: AreaSearchLimit): Promise<void> {
  // A search walks the area's edges for every counter in its box: a client gets a few a minute
  // (COUNTER_AREA_SEARCHES_PER_MINUTE), answered as DRF throttles, before its body is read.
  await app.register(rateLimit, {
    global: false,
    store: limit.store,
    errorResponseBuilder: (_request, context) => throttled(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  const limited = { rateLimit: { max: limit.perMinute, timeWindow: 60_000 } };

  // Bodies arrive as text whatever their type: the body's schema reads them as DRF does.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  // Before the body's schema, as DRF picks a parser: a suffix names a format as for GET
  // (`counters.json`; an unknown one names no URL), and a body comes in a JSON media type (415).
  const initial = async (request: FastifyRequest) => {
    const { format } = request.params as { format?: string };
    if (format !== undefined) parseFormat([], format);
    if (bodyTextOf(request.body) === '') return;
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!polygonSearchMediaTypes.has(mediaType)) {
      const shown = (request.headers['content-type'] ?? '').slice(0, 100);
      throw new DrfError(415, `Unsupported media type "${shown}" in request.`);
    }
  };

  const search = async (area: PolygonArea, reply: FastifyReply) => {
    const inside = await repository.listWithin(area);
    return sendResponse(reply, 200, {
      contentType: contentTypes.json,
      body: Buffer.from(`{"type":"FeatureCollection","features":[${inside.map((counter) => renderings.feature(counter)).join(',')}]}`),
      headers: {},
    });
  };
  // The body's schema has read the area (typed by the type provider).
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post('/', { schema: counterSchemas.polygonSearch, preValidation: initial, prefixTrailingSlash: 'slash', config: limited }, (request, reply) => search(request.body, reply));
  for (const url of ['.:format', '.:format/']) {
    routes.post(url, { schema: { ...counterSchemas.polygonSearch, params: pathParams.suffix }, preValidation: initial, config: limited }, (request, reply) => search(request.body, reply));
  }
}

/** The view's own refusal, answered in JSON whatever the format asked for. */
export const polygonSearchRefusalAnswer = (refusal: PolygonSearchRefusal): CounterResponse => ({
  contentType: contentTypes.json,
  body: Buffer.from(JSON.stringify(refusal.body)),
  headers: {},
});
