import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import type { SupportedLocale } from '@/shared/locales';
import { api } from '../../../lib/http-client';
import { loadReportChecks } from '../validation/load-report-checks';
import type { NearbyRequest } from './response-schemas';

/** How far around the chosen place a published report counts as "the same problem". */
export const NEARBY_RADIUS_METERS = 100;

export type { NearbyRequest };

export interface NearbyRequestsParams {
  serviceCode: string;
  lat: number;
  long: number;
  locale: SupportedLocale;
}

export async function getNearbyRequests(params: NearbyRequestsParams, signal?: AbortSignal): Promise<NearbyRequest[]> {
  const [body, { nearbyRequestListSchema }] = await Promise.all([
    api.get(`${paths.proxyGeoreport}/requests.json`, {
      query: {
        lat: params.lat,
        long: params.long,
        radius: NEARBY_RADIUS_METERS,
        service_code: params.serviceCode,
        status: 'open',
        extensions: true,
        locale: params.locale,
      },
      signal,
    }),
    loadReportChecks(),
  ]);
  return nearbyRequestListSchema.parse(body);
}

// Rounded to about a metre, so a pin nudged by a hair does not ask again.
const rounded = (value: number) => Math.round(value * 1e5) / 1e5;

export const getNearbyRequestsQueryOptions = (params: NearbyRequestsParams) => {
  const key = { ...params, lat: rounded(params.lat), long: rounded(params.long) };
  return queryOptions({
    queryKey: ['nearby-requests', key],
    queryFn: ({ signal }) => getNearbyRequests(key, signal),
  });
};

/** Published open reports of the same type near the place; idle until both are chosen. */
export function useNearbyRequests(params: NearbyRequestsParams | undefined) {
  return useQuery({
    ...getNearbyRequestsQueryOptions(params ?? { serviceCode: '', lat: 0, long: 0, locale: 'en' }),
    enabled: params !== undefined,
  });
}
