import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJsonUrl } from '@/shared/georeport/request-url';
import type { SupportedLocale } from '@/shared/locales';
import type { ServiceRequest } from '@/shared/georeport/types';
import { ApiError, api, isApiError } from '../../../lib/http-client';
import { parseServiceRequestList } from '../../../lib/parse-service-request';

/**
 * One request by id, with the CitySDK extensions and the service name in `locale`.
 * Resolves null when there is no such request (GeoReport answers 404), so "not found" is a
 * result the page shows, not an error it retries.
 */
export async function getRequest({
  id,
  locale,
  signal,
}: {
  id: string;
  locale: SupportedLocale;
  signal?: AbortSignal;
}): Promise<ServiceRequest | null> {
  const url = requestJsonUrl(id, locale);
  let body: unknown;
  try {
    body = await api.get(url, { signal });
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status === 404) return null;
    throw error;
  }
  // GeoReport answers one request as a list of one; one without an id is a broken answer, not "not found".
  const [first] = parseServiceRequestList(body, url);
  if (!first && Array.isArray(body) && body.length > 0) {
    throw new ApiError({ kind: 'invalid-response', status: 200, url, message: `request from ${url}: no service_request_id` });
  }
  return first ?? null;
}

export const getRequestQueryOptions = (id: string, locale: SupportedLocale) =>
  queryOptions({
    queryKey: ['requests', 'detail', id, locale],
    queryFn: ({ signal }) => getRequest({ id, locale, signal }),
    // A status can change at any time; a person who comes back to the tab sees the news.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

export function useRequest({ id, locale }: { id: string; locale: SupportedLocale }) {
  // On a language switch the old answer stays on screen until the new names arrive.
  return useQuery({ ...getRequestQueryOptions(id, locale), placeholderData: keepPreviousData });
}
