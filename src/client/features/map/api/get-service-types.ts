import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../../../shared/paths';
import type { SupportedLocale } from '../../../../shared/locales';
import { api } from '../../../lib/http-client';
import { parseServiceTypes } from '../../../lib/parse-service-types';

/** Only what the map's filter needs: the code and the name in the chosen language. */
export interface ServiceTypeName {
  service_code: string;
  service_name: string;
  group: string;
}

export async function getServiceTypeNames({ locale, signal }: { locale: SupportedLocale; signal?: AbortSignal }): Promise<ServiceTypeName[]> {
  const url = `${paths.proxyGeoreport}/services.json`;
  const body = await api.get(url, { query: { locale }, signal });
  return parseServiceTypes(body, url).map(({ service_code, service_name, group }) => ({ service_code, service_name, group }));
}

export const serviceTypeNamesQueryOptions = (locale: SupportedLocale) =>
  queryOptions({
    queryKey: ['map', 'service-type-names', locale],
    queryFn: ({ signal }) => getServiceTypeNames({ locale, signal }),
    staleTime: 10 * 60_000,
  });

export function useServiceTypeNames(locale: SupportedLocale) {
  return useQuery(serviceTypeNamesQueryOptions(locale));
}
