import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../../../shared/paths';
import type { SupportedLocale } from '../../../../shared/locales';
import { api } from '../../../lib/http-client';

/** How far around the chosen place a published report counts as "the same problem". */
export const NEARBY_RADIUS_METERS = 100;

// Only what the "already reported?" list shows; a city's extra or missing fields do not matter.
const nearbyRequestSchema = z.object({
  service_request_id: z.coerce.string(),
  service_name: z.string().catch(''),
  description: z.string().catch(''),
  requested_datetime: z.string().catch(''),
  address: z.string().catch(''),
  extended_attributes: z.object({ title: z.string().optional().catch(undefined) }).catch({}).optional(),
});
const nearbyRequestListSchema = z.array(nearbyRequestSchema);

export type NearbyRequest = z.infer<typeof nearbyRequestSchema>;

export interface NearbyRequestsParams {
  serviceCode: string;
  lat: number;
  long: number;
  locale: SupportedLocale;
}

export async function getNearbyRequests(params: NearbyRequestsParams, signal?: AbortSignal): Promise<NearbyRequest[]> {
  const body = await api.get(`${paths.proxyGeoreport}/requests.json`, {
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
  });
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
