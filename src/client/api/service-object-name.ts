import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../shared/paths';
import type { SupportedLocale } from '../../shared/locales';
import { api } from '../lib/http-client';

/**
 * The name of the service object (park, toilet, …) a report points at. A request carries only
 * the object's id, and the registry searches by name or by place, not by id: so the console and the track page ask
 * for the objects right at the request's position (where the report form put it) and picks the
 * one with that id.
 */
const LOOKUP_RADIUS_METERS = 50;

const featureCollectionSchema = z.object({
  features: z.array(
    z.object({ properties: z.object({ service_object_id: z.coerce.string(), name: z.string().catch('') }) }).nullable().catch(null),
  ),
});

export interface ServiceObjectLookup {
  id: string;
  lat: number;
  long: number;
  locale: SupportedLocale;
}

export async function findServiceObjectName(lookup: ServiceObjectLookup, signal?: AbortSignal): Promise<string | null> {
  const body = await api.get(paths.proxyServiceObjects, {
    query: { lat: lookup.lat, long: lookup.long, radius: LOOKUP_RADIUS_METERS, locale: lookup.locale, limit: 100 },
    signal,
  });
  const found = featureCollectionSchema.parse(body).features.find((feature) => feature?.properties.service_object_id === lookup.id);
  return found?.properties.name.trim() || null;
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
