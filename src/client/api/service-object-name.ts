import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRequest } from '../../shared/georeport/types';
import { paths } from '../../shared/paths';
import type { SupportedLocale } from '../../shared/locales';
import { api } from '../lib/http-client';

/**
 * The name of the service object (park, toilet, …) a report points at. A request carries only
 * the object's id, and the registry searches by name or by place, not by id: so the console and
 * the track page ask for the objects right at the request's position (where the report form put
 * it) and pick the one with that id. Read by hand, not with zod, to stay light wherever it is used.
 */
const LOOKUP_RADIUS_METERS = 50;

export interface ServiceObjectLookup {
  id: string;
  lat: number;
  long: number;
  locale: SupportedLocale;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The name of the feature with that id in a GeoJSON answer, or null; unusable features are skipped. */
export function nameInFeatures(body: unknown, id: string): string | null {
  const features = isRecord(body) && Array.isArray(body.features) ? body.features : [];
  for (const feature of features) {
    const properties = isRecord(feature) && isRecord(feature.properties) ? feature.properties : undefined;
    if (!properties || String(properties.service_object_id) !== id) continue;
    return typeof properties.name === 'string' && properties.name.trim() !== '' ? properties.name.trim() : null;
  }
  return null;
}

export async function findServiceObjectName(lookup: ServiceObjectLookup, signal?: AbortSignal): Promise<string | null> {
  const body = await api.get(paths.proxyServiceObjects, {
    query: { lat: lookup.lat, long: lookup.long, radius: LOOKUP_RADIUS_METERS, locale: lookup.locale, limit: 100 },
    signal,
  });
  return nameInFeatures(body, lookup.id);
}

export const serviceObjectNameQueryOptions = (lookup: ServiceObjectLookup) =>
  queryOptions({
    queryKey: ['service-object-name', lookup.id, lookup.lat, lookup.long, lookup.locale],
    queryFn: ({ signal }) => findServiceObjectName(lookup, signal),
    // Names of parks and toilets hardly change; a failed lookup leaves the coordinates shown.
    staleTime: 60 * 60_000,
    retry: false,
  });

export function useServiceObjectName(lookup: ServiceObjectLookup | undefined) {
  return useQuery({
    ...serviceObjectNameQueryOptions(lookup ?? { id: '', lat: 0, long: 0, locale: 'en' }),
    enabled: lookup !== undefined,
  });
}

/** What to look up for a request that points at an object but carries no address, or undefined. */
export function serviceObjectLookupOf(request: ServiceRequest | undefined, locale: SupportedLocale): ServiceObjectLookup | undefined {
  const id = request?.extended_attributes?.service_object_id?.trim();
  if (!request || !id || request.address.trim() !== '') return undefined;
  const lat = Number(request.lat);
  const long = Number(request.long);
  if (!request.lat?.trim() || !request.long?.trim() || !Number.isFinite(lat) || !Number.isFinite(long)) return undefined;
  return { id, lat, long, locale };
}
