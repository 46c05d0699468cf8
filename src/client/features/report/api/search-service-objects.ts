import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import type { SupportedLocale } from '@/shared/locales';
import { api } from '../../../lib/http-client';
import { loadReportChecks } from '../validation/load-report-checks';

/** A park, toilet, playground… a report can point at instead of a map position. */
export interface ServiceObject {
  id: string;
  type: string;
  name: string;
  kind: string;
  address: string;
  /** Metres from the search point, when searched near one. */
  distance?: number;
  lat?: number;
  long?: number;
}

export interface ServiceObjectSearch {
  /** Name search text; empty for "near the point". */
  text: string;
  near?: { lat: number; long: number };
  locale: SupportedLocale;
}

export const SERVICE_OBJECT_NEAR_RADIUS_METERS = 1000;

export async function searchServiceObjects(search: ServiceObjectSearch, signal?: AbortSignal): Promise<ServiceObject[]> {
  const [body, { serviceObjectCollectionSchema }] = await Promise.all([
    api.get(paths.proxyServiceObjects, {
      query: {
        q: search.text || undefined,
        lat: search.near?.lat,
        long: search.near?.long,
        radius: search.near ? SERVICE_OBJECT_NEAR_RADIUS_METERS : undefined,
        locale: search.locale,
        limit: 10,
      },
      signal,
    }),
    loadReportChecks(),
  ]);
  return serviceObjectCollectionSchema.parse(body).features.map(({ geometry, properties }) => ({
    id: properties.service_object_id,
    type: properties.service_object_type,
    name: properties.name || properties.service_object_id,
    kind: properties.kind,
    address: properties.address,
    distance: properties.distance,
    // GeoJSON order is [long, lat].
    long: geometry?.coordinates[0],
    lat: geometry?.coordinates[1],
  }));
}

const rounded = (value: number) => Math.round(value * 1e4) / 1e4;

export const searchServiceObjectsQueryOptions = (search: ServiceObjectSearch) => {
  const key = {
    text: search.text.trim(),
    near: search.near ? { lat: rounded(search.near.lat), long: rounded(search.near.long) } : undefined,
    locale: search.locale,
  };
  return queryOptions({
    queryKey: ['service-objects', key],
    queryFn: ({ signal }) => searchServiceObjects(key, signal),
    staleTime: 5 * 60_000,
  });
};

export function useServiceObjectSearch(search: ServiceObjectSearch | undefined) {
  return useQuery({
    ...searchServiceObjectsQueryOptions(search ?? { text: '', locale: 'en' }),
    enabled: search !== undefined,
    // Keep the last list on screen while the next one loads: no flicker while typing.
    placeholderData: keepPreviousData,
  });
}
