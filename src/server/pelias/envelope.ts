/**
 * The Pelias protocol's envelope (pelias/api, as Digitransit serves it): every answer is a GeoJSON
 * FeatureCollection with a `geocoding` header (version, the query as understood, warnings or
 * errors, engine, timestamp). Errors are that envelope with `geocoding.errors` and no features.
 */
import type { FastifyReply } from 'fastify';

export const PELIAS_VERSION = '0.2';
const engine = { name: 'Kerro', author: 'Kerro', version: '1.0' };

/** The `geocoding` header of an answer made at `now`. */
export function peliasHeader(query: Record<string, unknown> | undefined, now: number, extra: Record<string, unknown>) {
  return { version: PELIAS_VERSION, ...(query ? { query } : {}), ...extra, engine, timestamp: now };
}

export function errorCollection(errors: readonly string[], now: number) {
  return { geocoding: peliasHeader(undefined, now, { errors: [...errors] }), type: 'FeatureCollection' as const, features: [] };
}

export function sendPeliasError(reply: FastifyReply, statusCode: number, errors: readonly string[], now: number) {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorCollection(errors, now));
}
