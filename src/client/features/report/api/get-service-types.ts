import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../../../shared/paths';
import type { SupportedLocale } from '../../../../shared/locales';
import type { ServiceType } from '../../../../shared/georeport/types';
import { api } from '../../../lib/http-client';

// Real cities' lists are not always tidy (null descriptions, missing groups): keep what is
// usable instead of failing the whole page. Code and name are the only fields we cannot do without.
const serviceTypeSchema = z.object({
  service_code: z.coerce.string(),
  service_name: z.string(),
  description: z.string().catch(''),
  metadata: z.boolean().catch(false),
  type: z.enum(['realtime', 'batch', 'blackbox']).catch('realtime'),
  keywords: z.string().catch(''),
  group: z.string().catch(''),
});
const serviceTypeListSchema = z.array(serviceTypeSchema);

export async function getServiceTypes({
  locale,
  signal,
}: {
  locale: SupportedLocale;
  signal?: AbortSignal;
}): Promise<ServiceType[]> {
  const body = await api.get(`${paths.proxyGeoreport}/services.json`, { query: { locale }, signal });
  return serviceTypeListSchema.parse(body);
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
