import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import type { SupportedLocale } from '@/shared/locales';
import { api } from '../../../lib/http-client';
import { loadReportChecks } from '../validation/load-report-checks';
import type { NearbyRequest } from './response-schemas';

/**
 * How far around the chosen place the form shows published open reports, on the map and in the
 * list beside it (the same ones): about what the map shows around the pin at its zoom of 16.
 */
export const NEARBY_RADIUS_METERS = 300;

export type { NearbyRequest };

export interface NearbyRequestsParams {
  /** The chosen type, or '' before one is chosen: every type. */
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
        service_code: params.serviceCode || undefined,
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

/** Published open reports near the place (of the chosen type, once one is); idle until the place is set. */
export function useNearbyRequests(params: NearbyRequestsParams | undefined) {
  return useQuery({
    ...getNearbyRequestsQueryOptions(params ?? { serviceCode: '', lat: 0, long: 0, locale: 'en' }),
    enabled: params !== undefined,
  });
}
