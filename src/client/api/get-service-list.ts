/**
 * The GeoReport service list (services.json), shared by every feature that needs it: the report
 * form offers its types, the map filters by them, the track page looks a missing name up. One
 * query per locale, so the list is asked for once per language however many pages read it; each
 * reader takes what it needs with a selector below.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../shared/paths';
import type { SupportedLocale } from '../../shared/locales';
import type { ServiceType } from '../../shared/georeport/types';
import { api } from '../lib/http-client';
import { parseServiceList, requireEveryEntry, type ServiceList } from '../lib/parse-service-types';

const url = `${paths.proxyGeoreport}/services.json`;

export async function getServiceList({ locale, signal }: { locale: SupportedLocale; signal?: AbortSignal }): Promise<ServiceList> {
  const body = await api.get(url, { query: { locale }, signal });
  return parseServiceList(body, url);
}

export const getServiceListQueryOptions = (locale: SupportedLocale) =>
  queryOptions({
    queryKey: ['service-list', locale],
    queryFn: ({ signal }) => getServiceList({ locale, signal }),
    // Service types change rarely; a visit does not need a fresh copy every minute.
    staleTime: 10 * 60_000,
  });

/**
 * Every service type, for pages that offer the whole list (the report form, the map's filter):
 * an entry without a code or a name makes the query an error, as a list that cannot be shown
 * as it is.
 */
export function everyServiceType(list: ServiceList): ServiceType[] {
  return requireEveryEntry(list, url);
}

/** service_code → service name, for looking one name up: unusable or unnamed entries are skipped. */
export function serviceNamesByCode(list: ServiceList): Record<string, string> {
  return Object.fromEntries(list.serviceTypes.filter((entry) => entry.service_name).map((entry) => [entry.service_code, entry.service_name]));
}

/**
 * The service list in `locale` through `select` (one of the selectors above). `enabled: false`
 * holds the request back until the page knows it needs the list.
 */
export function useServiceList<Selected>({
  locale,
  select,
  enabled = true,
}: {
  locale: SupportedLocale;
  select: (list: ServiceList) => Selected;
  enabled?: boolean;
}) {
  return useQuery({ ...getServiceListQueryOptions(locale), select, enabled });
}
