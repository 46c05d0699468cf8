import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import type { SupportedLocale } from '@/shared/locales';
import type { ServiceRequest } from '@/shared/georeport/types';
import { api } from '../../../lib/http-client';
import { parseServiceRequestList } from '../../../lib/parse-service-request';

/** How far around a report its "Problems nearby" reach, as FixMyStreet's do. */
export const NEARBY_RADIUS_METERS = 500;

export interface NearbyProblemsParams {
  lat: number;
  long: number;
  locale: SupportedLocale;
}

/**
 * Published reports around a point, through the proxy's GeoReport listing and its radius search
 * (lat, long and radius together; the listing holds published requests only, of its default
 * window, the last 90 days). In the listing's order, newest first; lib/nearest.ts orders them.
 */
export async function getNearbyProblems(params: NearbyProblemsParams, signal?: AbortSignal): Promise<ServiceRequest[]> {
  const url = `${paths.proxyGeoreport}/requests.json`;
  const body = await api.get(url, {
    query: { lat: params.lat, long: params.long, radius: NEARBY_RADIUS_METERS, extensions: true, locale: params.locale },
    signal,
  });
  return parseServiceRequestList(body, url);
}

export const getNearbyProblemsQueryOptions = (params: NearbyProblemsParams) =>
  queryOptions({
    queryKey: ['requests', 'nearby', params],
    queryFn: ({ signal }) => getNearbyProblems(params, signal),
    staleTime: 60_000,
  });

export function useNearbyProblems(params: NearbyProblemsParams) {
  return useQuery(getNearbyProblemsQueryOptions(params));
}
