import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '../../../../shared/paths';
import type { SupportedLocale } from '../../../../shared/locales';
import type { ServiceType } from '../../../../shared/georeport/types';
import { ApiError, api } from '../../../lib/http-client';

const serviceKinds = new Set(['realtime', 'batch', 'blackbox']);
const textOr = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

/**
 * Real cities' lists are not always tidy (numeric codes, null descriptions, missing groups):
 * keep what is usable instead of failing the whole page. Code and name are the only fields we
 * cannot do without. Hand-written rather than zod: this runs on the first page, and zod is
 * 25 KB (gzip) the first page need not download.
 */
export function parseServiceTypes(body: unknown, url: string): ServiceType[] {
  const invalid = (why: string) => new ApiError({ kind: 'invalid-response', status: 200, url, message: `services list from ${url}: ${why}` });
  if (!Array.isArray(body)) throw invalid('not a JSON array');
  return body.map((item: unknown, index) => {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const code = entry.service_code;
    if ((typeof code !== 'string' && typeof code !== 'number') || typeof entry.service_name !== 'string') {
      throw invalid(`entry ${index + 1} has no service_code or service_name`);
    }
    return {
      service_code: String(code),
      service_name: entry.service_name,
      description: textOr(entry.description),
      metadata: typeof entry.metadata === 'boolean' ? entry.metadata : false,
      type: (serviceKinds.has(textOr(entry.type)) ? entry.type : 'realtime') as ServiceType['type'],
      keywords: textOr(entry.keywords),
      group: textOr(entry.group),
    };
  });
}

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
