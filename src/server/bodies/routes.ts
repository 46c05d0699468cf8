/**
 * The bodies read API, for the web app and anyone else, with no key: `GET /bodies/v1/bodies.json`
 * lists every body, `?lat=&long=` those covering the point, most specific first. Bodies are this
 * installation's own configuration, so the proxy always asks this route in-process, even when the
 * GeoReport service is a city's URL. Errors are GeoReport error records, like the proxy's.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BodyWire } from '../../shared/bodies/wire';
import type { AppContext } from '../context';
import { geoReportErrorHandler } from '../open311/error-handler';
import { GeoReportError } from '../open311/errors';
import { geoReportRefusal } from '../open311/validation-errors';
import type { BodyRecord } from '../storage/repositories/bodies';
import { bodiesSchema, notOursSchema } from './route-schemas';
import { notOursWire } from '../not-ours/not-ours-wire';
import rateLimit from '@fastify/rate-limit';
import { createAnswerCache } from '../http/answer-cache';
import { sharedRateLimitStore } from '../http/shared-rate-limit-store';
import { validateRoutes } from '../http/route-validation';
import { AssetSourceError, createAssetFeatureReader } from '../assets/asset-features';
import { assetLayerWire, readAssetLayers } from '../assets/asset-layers';
import { assetFeaturesSchema, assetLayersSchema } from '../assets/route-schemas';

/** What the app may see of a body: never its area (large, and not needed) nor `send` (may hold a key). */
const bodyWire = ({ id, jurisdiction_id, names, services }: BodyRecord): BodyWire => ({
  id,
  jurisdiction_id,
  name: { fi: names.fi, sv: names.sv, en: names.en },
  services: [...services],
});

/** A resident panning a street map asks for a few boxes a minute; far more is a sweep of the city's service. */
const assetBoxesPerMinute = 120;

export const bodiesRoutes: FastifyPluginAsync<{ context: AppContext }> = async (plugin, { context }) => {
  // The query comes parsed by its schema (route-schemas.ts); a bad point is refused with GeoReport records.
  validateRoutes(plugin, geoReportRefusal);
  plugin.setErrorHandler(geoReportErrorHandler);
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get('/bodies.json', { schema: bodiesSchema }, async (request, reply) => {
    const { point } = request.query;
    const { bodies } = context.repositories;
    const found = point ? await bodies.at(point.lat, point.long) : await bodies.list();
    // Revalidated every time: the global ETag makes that a 304 until an import changes the answer.
    return reply.header('cache-control', 'no-cache').send(found.map(bodyWire));
  });
  app.get('/not-ours.json', { schema: notOursSchema }, async (request, reply) => {
    const { point, locale } = request.query;
    const place = await context.repositories.notOurs.at(point.lat, point.long);
    return reply.header('cache-control', 'no-cache').send(place ? [notOursWire(place, locale)] : []);
  });
  // Asset layers (issue 42, item 2): the city's own assets, fetched here so its service and key stay out of the browser.
  // Each box may ask the city's service for up to 24 cells: a client's boxes are counted, on every instance together.
  await plugin.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(context.repositories.rateLimits, context.now, 'asset-features:'),
    errorResponseBuilder: (_request, limit) => {
      const seconds = Math.max(1, Math.ceil(limit.ttl / 1000));
      return new GeoReportError(429, `too many asset layer boxes from this address: at most ${limit.max} a minute; try again in ${seconds} seconds`, seconds);
    },
  });
  const assetFeatures = createAssetFeatureReader(
    createAnswerCache({ maxEntries: 5000, maxBytes: 32 * 1024 * 1024, maxAgeMs: 10 * 60_000, counter: context.metrics.cache('asset_cells'), clock: context.now }),
  );
  app.get('/asset-layers.json', { schema: assetLayersSchema }, async (request, reply) => {
    const layers = await readAssetLayers(context.repositories.settings);
    return reply.header('cache-control', 'no-cache').send(layers.map((layer) => assetLayerWire(layer, request.query.locale)));
  });
  app.get('/asset-layers/:id/features.json', { schema: assetFeaturesSchema, config: { rateLimit: { max: assetBoxesPerMinute, timeWindow: 60_000 } } }, async (request, reply) => {
    const layer = (await readAssetLayers(context.repositories.settings)).find((candidate) => candidate.id === request.params.id);
    if (!layer) throw new GeoReportError(404, `no asset layer ${request.params.id}; the layers are at asset-layers.json`);
    try {
      const answer = await assetFeatures.read(layer, request.query.cells);
      // A phone panning back and forth keeps what it was given for a minute.
      return reply.header('cache-control', 'public, max-age=60').send(answer);
    } catch (error) {
      if (!(error instanceof AssetSourceError)) throw error;
      request.log.warn({ layer: layer.id }, error.message);
      throw new GeoReportError(502, `${error.message}; try again in a moment`);
    }
  });
  // Outranks the web app's wildcard: an unknown path here is answered as this API, not as a page.
  app.all('/*', { schema: { hide: true } }, async (request) => {
    throw new GeoReportError(404, `no such resource: ${request.method} ${request.url.split('?')[0]}; the bodies are at bodies.json, the not-ours places at not-ours.json, the asset layers at asset-layers.json`);
  });
};
