import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { resolveLocale } from '../../shared/locales';
import type { AppContext } from '../context';
import { GeoReportError, badRequest } from '../georeport/errors';
import { geoReportErrorHandler } from '../georeport/error-handler';
import { textParam, type RawQuery } from '../georeport/query-params';
import type { ServiceObjectRecord } from '../storage/repositories/types';
import { callUpstream, UpstreamError } from './upstream';
import type { Upstreams } from './upstreams';

const maxRadiusMeters = 5000;

function numberIn(query: RawQuery, name: string, min: number, max: number, problems: string[]): number | undefined {
  const text = textParam(query, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text) || value < min || value > max) {
    problems.push(`${name} must be a number from ${min} to ${max}`);
    return undefined;
  }
  return value;
}

export function toFeature(object: ServiceObjectRecord, locale: 'fi' | 'sv' | 'en', distanceMeters?: number) {
  return {
    type: 'Feature' as const,
    id: object.service_object_id,
    geometry: { type: 'Point' as const, coordinates: [object.long, object.lat] },
    properties: {
      service_object_id: object.service_object_id,
      service_object_type: object.service_object_type,
      name: object.names[locale],
      kind: object.kind,
      address: object.address,
      ...(distanceMeters === undefined ? {} : { distance: Math.round(distanceMeters) }),
    },
  };
}

/**
 * `/proxy/service-objects?q=&lat=&long=&radius=&locale=`: service objects (parks, toilets, …) a
 * report can point at, as GeoJSON. The embedded registry by default; SERVICE_OBJECTS_URL forwards.
 */
export const serviceObjectsRoute: FastifyPluginAsync<{ context: AppContext; upstreams: Upstreams }> = async (app, { context, upstreams }) => {
  app.setErrorHandler(geoReportErrorHandler);
  app.get('/', async (request: FastifyRequest, reply: FastifyReply) => {
    const external = upstreams.serviceObjects();
    if (external) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      try {
        const response = await callUpstream('service object', `${external}${query}`, { timeoutMs: context.config.UPSTREAM_TIMEOUT_MS });
        return reply.code(response.statusCode).headers(response.headers).send(response.body);
      } catch (error) {
        if (error instanceof UpstreamError) throw new GeoReportError(error.statusCode, error.message);
        throw error;
      }
    }
    const query = request.query as RawQuery;
    const problems: string[] = [];
    const text = textParam(query, 'q');
    if (text !== undefined && text.length > 100) problems.push('q must be at most 100 characters');
    const lat = numberIn(query, 'lat', -90, 90, problems);
    const long = numberIn(query, 'long', -180, 180, problems);
    const radius = numberIn(query, 'radius', 1, maxRadiusMeters, problems) ?? (lat !== undefined ? 1000 : undefined);
    if ((textParam(query, 'lat') === undefined) !== (textParam(query, 'long') === undefined)) {
      problems.push('lat and long must be sent together');
    }
    const limit = numberIn(query, 'limit', 1, 100, problems) ?? 20;
    if (problems.length > 0) throw badRequest(problems);
    const locale = resolveLocale(textParam(query, 'locale'));
    const found = await context.repositories.serviceObjects.search({
      text,
      near: lat !== undefined && long !== undefined && radius !== undefined ? { lat, long, radiusMeters: radius } : undefined,
      limit: Math.floor(limit),
    });
    return {
      type: 'FeatureCollection',
      features: found.map(({ object, distanceMeters }) => toFeature(object, locale, distanceMeters)),
    };
  });
};
