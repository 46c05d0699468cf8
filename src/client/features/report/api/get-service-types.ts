import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../../../shared/paths';
import type { SupportedLocale } from '../../../../shared/locales';
import type { ServiceType } from '../../../../shared/georeport/types';
import { api } from '../../../lib/http-client';
import { parseServiceTypes } from '../../../lib/parse-service-types';

export async function getServiceTypes({
  locale,
  signal,
}: {
  locale: SupportedLocale;
  signal?: AbortSignal;
}): Promise<ServiceType[]> {
  const url = `${paths.proxyGeoreport}/services.json`;
  const body = await api.get(url, { query: { locale }, signal });
  return parseServiceTypes(body, url);
}

export const getServiceTypesQueryOptions = (locale: SupportedLocale) =>
  queryOptions({
    queryKey: ['service-types', locale],
    queryFn: ({ signal }) => getServiceTypes({ locale, signal }),
    // Service types change rarely; a visit does not need a fresh copy every minute.
    staleTime: 10 * 60_000,
  });

export function useServiceTypes({ locale }: { locale: SupportedLocale }) {
  return useQuery(getServiceTypesQueryOptions(locale));
}
