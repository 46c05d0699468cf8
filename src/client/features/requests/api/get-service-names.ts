import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../../../shared/paths';
import type { SupportedLocale } from '../../../../shared/locales';
import { ApiError, api } from '../../../lib/http-client';
import { parseServiceType } from '../../../lib/parse-service-types';

/** service_code → service name in `locale`, from the service list. */
export async function getServiceNames({
  locale,
  signal,
}: {
  locale: SupportedLocale;
  signal?: AbortSignal;
}): Promise<Record<string, string>> {
  const url = `${paths.proxyGeoreport}/services.json`;
  const body = await api.get(url, { query: { locale }, signal });
  if (!Array.isArray(body)) throw new ApiError({ kind: 'invalid-response', status: 200, url, message: `services list from ${url}: not a JSON array` });
  // Only a fallback name is wanted here: an untidy entry is skipped, not a reason to fail.
  return Object.fromEntries(
    body.flatMap((item) => parseServiceType(item) ?? []).filter((entry) => entry.service_name).map((entry) => [entry.service_code, entry.service_name]),
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
