/**
 * The parameters of GET requests.[format]: the search a GeoReport client asks for, validated into
 * a repository query. The generic readers (text, lists, booleans) are in http/query-params.ts.
 */
import { requestStatuses, type RequestStatus } from '../../shared/georeport/detailed-status';
import type { ServiceRequestQuery } from '../storage/repositories/types';
import { booleanParam, listParam, textParam, type RawQuery } from '../http/query-params';
import { parseW3cDateTime } from '../time/w3c';

export const maxSpanMs = 90 * 24 * 60 * 60 * 1000;
export const defaultLimit = 200;
export const maxRadiusMeters = 100_000;

function dateParam(query: RawQuery, name: string, problems: string[]): number | undefined {
  const text = textParam(query, name);
  if (text === undefined) return undefined;
  const value = parseW3cDateTime(text);
  if (value === undefined) {
    problems.push(`${name} must be a W3C datetime with a zone, such as 2026-11-01T00:00:00Z or 2026-11-01T02:00:00+02:00`);
  }
  return value;
}

function numberParam(query: RawQuery, name: string, problems: string[], min: number, max: number, unit: string) {
  const text = textParam(query, name);
  if (text === undefined) return undefined;
  const value = /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value) || value < min || value > max) {
    problems.push(`${name} must be a number from ${min} to ${max}${unit}`);
    return undefined;
  }
  return value;
}

/**
 * Validates GET requests.[format] parameters into a repository query, collecting every problem
 * in `problems` so the caller can fix them all at once (the route schema reports them).
 */
export function parseRequestQuery(query: RawQuery, now: number, problems: string[]): ServiceRequestQuery & { extensions: boolean; apiKey?: string } {
  const extensions = booleanParam(query, 'extensions', problems);
  // Read whatever else is asked: a query with a key is never answered from the shared cache.
  const apiKey = textParam(query, 'api_key');
  const ids = listParam(query, 'service_request_id');
  if (ids && ids.length > defaultLimit) problems.push(`service_request_id may list at most ${defaultLimit} ids`);

  const base = { moderation: ['published' as const], limit: defaultLimit, extensions, apiKey };
  if (ids) {
    // The spec: service_request_id overrides all other arguments.
    return { ...base, ids };
  }

  const serviceCodes = listParam(query, 'service_code');
  const statuses = listParam(query, 'status')?.map((status) => status.toLowerCase());
  const unknownStatuses = statuses?.filter((status) => !(requestStatuses as readonly string[]).includes(status));
  if (unknownStatuses && unknownStatuses.length > 0) {
    problems.push(`status must be open, closed or both (comma separated); got ${unknownStatuses.join(', ')}`);
  }

  let requestedFrom = dateParam(query, 'start_date', problems);
  let requestedTo = dateParam(query, 'end_date', problems);
  const updatedFrom = dateParam(query, 'updated_after', problems);
  let updatedTo = dateParam(query, 'updated_before', problems);
  if (requestedFrom !== undefined && requestedTo !== undefined) {
    if (requestedTo < requestedFrom) problems.push('end_date must not be before start_date');
    else if (requestedTo - requestedFrom > maxSpanMs) problems.push('start_date to end_date may span at most 90 days');
  } else if (requestedFrom !== undefined) {
    requestedTo = requestedFrom + maxSpanMs;
  } else if (requestedTo !== undefined) {
    requestedFrom = requestedTo - maxSpanMs;
  }
  // updated_before defaults to now; an updated_after past it (a polling client whose clock runs
  // ahead) then matches nothing, which is an empty list, not a complaint about a parameter never sent.
  if (updatedFrom !== undefined && updatedTo === undefined) updatedTo = now;
  else if (updatedFrom !== undefined && updatedTo !== undefined && updatedTo < updatedFrom) {
    problems.push('updated_before must not be before updated_after');
  }
  // With no time bounds at all the default window is the last 90 days.
  if ([requestedFrom, requestedTo, updatedFrom, updatedTo].every((bound) => bound === undefined)) {
    requestedFrom = now - maxSpanMs;
  }

  const objectType = textParam(query, 'service_object_type');
  const objectId = textParam(query, 'service_object_id');
  if (objectId !== undefined && objectType === undefined) {
    problems.push('service_object_id requires service_object_type');
  }

  // The spec: the location search applies only when all three are given; with fewer the request
  // is answered as if none were sent (their values unread, so unchecked too).
  const locationSent = ['lat', 'long', 'radius'].every((name) => textParam(query, name) !== undefined);
  const lat = locationSent ? numberParam(query, 'lat', problems, -90, 90, ' (WGS84 degrees)') : undefined;
  const long = locationSent ? numberParam(query, 'long', problems, -180, 180, ' (WGS84 degrees)') : undefined;
  const radius = locationSent ? numberParam(query, 'radius', problems, 0, maxRadiusMeters, ' (meters)') : undefined;

  return {
    ...base,
    serviceCodes,
    statuses: statuses as RequestStatus[] | undefined,
    requestedFrom,
    requestedTo,
    updatedFrom,
    updatedTo,
    serviceObject: objectType === undefined ? undefined : { type: objectType, id: objectId },
    near:
      lat !== undefined && long !== undefined && radius !== undefined
        ? { lat, long, radiusMeters: radius }
        : undefined,
  };
}
