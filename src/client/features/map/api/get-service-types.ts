import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../../../shared/paths';
import type { SupportedLocale } from '../../../../shared/locales';
import { api } from '../../../lib/http-client';

/** Only what the map's filter needs: the code and the name in the chosen language. */
export interface ServiceTypeName {
  service_code: string;
  service_name: string;
  group: string;
}

const schema = z.array(
  z.object({
    service_code: z.coerce.string(),
    service_name: z.string(),
    group: z.string().nullish().transform((value) => value ?? ''),
  }),
);

export async function getServiceTypeNames({ locale, signal }: { locale: SupportedLocale; signal?: AbortSignal }) {
  const body = await api.get(`${paths.proxyGeoreport}/services.json`, { query: { locale }, signal });
  return schema.parse(body);
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
