/**
 * The jurisdiction a GeoReport request's query names, read once per request before its schema
 * runs: an unknown one is the one 404, whatever else is wrong with the query. The POST form's
 * jurisdiction_id is read by the use-case (../create-service-request.ts), as the form is.
 */
import type { FastifyRequest } from 'fastify';
import { textParam } from '../../http/query-params';
import type { JurisdictionScope, Jurisdictions } from '../jurisdiction';

const scopes = new WeakMap<FastifyRequest, JurisdictionScope>();

/** A preValidation hook: resolves the query's jurisdiction_id (404 when unknown) and keeps it for the handler. */
export function resolveJurisdictionHook(jurisdictions: Jurisdictions) {
  return async (request: FastifyRequest) => {
    const { query, params } = request;
    // Only a resource's route (its path has the format suffix): an unknown path is told so, whatever its query.
    if (typeof params !== 'object' || params === null || !('format' in params)) return;
    if (typeof query !== 'object' || query === null || !('jurisdiction_id' in query)) return;
    const sent = textParam({ jurisdiction_id: query.jurisdiction_id }, 'jurisdiction_id');
    if (sent === undefined) return;
    scopes.set(request, await jurisdictions.resolve(sent));
  };
}

/** What the request's jurisdiction_id named; the whole installation when it sent none. */
export function scopeOf(request: FastifyRequest): JurisdictionScope {
  return scopes.get(request) ?? {};
}
