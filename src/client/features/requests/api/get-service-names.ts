import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '../../../../shared/paths';
import type { SupportedLocale } from '../../../../shared/locales';
import { api } from '../../../lib/http-client';

const serviceNamesSchema = z.array(
  z.object({ service_code: z.coerce.string(), service_name: z.string().catch('') }).catch({ service_code: '', service_name: '' }),
);

/** service_code → service name in `locale`, from the service list. */
export async function getServiceNames({
  locale,
  signal,
}: {
  locale: SupportedLocale;
  signal?: AbortSignal;
}): Promise<Record<string, string>> {
  const body = await api.get(`${paths.proxyGeoreport}/services.json`, { query: { locale }, signal });
  return Object.fromEntries(
    serviceNamesSchema
      .parse(body)
      .filter((entry) => entry.service_code && entry.service_name)
      .map((entry) => [entry.service_code, entry.service_name]),
  );
}

export const getServiceNamesQueryOptions = (locale: SupportedLocale) =>
  queryOptions({
    queryKey: ['requests', 'service-names', locale],
    queryFn: ({ signal }) => getServiceNames({ locale, signal }),
    staleTime: 10 * 60_000,
  });

/**
 * GeoReport allows an empty service_name in a request; then the page looks the name up in the
 * service list. Only asked for when needed (`enabled`).
 */
export function useServiceName({ code, locale, enabled }: { code: string; locale: SupportedLocale; enabled: boolean }) {
  const names = useQuery({ ...getServiceNamesQueryOptions(locale), enabled: enabled && code !== '' });
  return names.data?.[code];
}
