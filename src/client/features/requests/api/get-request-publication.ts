import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import { api } from '../../../lib/http-client';
import { parseServiceRequestList } from '../../../lib/parse-service-request';

/**
 * Whether a request is public. GeoReport has no moderation field, but the listing never holds
 * unpublished requests, even when asked by id, while the detail endpoint returns them: a
 * request the detail knows and the listing does not is still waiting for a moderator.
 */
export async function getRequestPublication({ id, signal }: { id: string; signal?: AbortSignal }): Promise<boolean> {
  const url = `${paths.proxyGeoreport}/requests.json`;
  const body = await api.get(url, { query: { service_request_id: id }, signal });
  return parseServiceRequestList(body, url).some((request) => request.service_request_id === id);
}

export const getRequestPublicationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['requests', 'publication', id],
    queryFn: ({ signal }) => getRequestPublication({ id, signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

export function useRequestPublication({ id, enabled }: { id: string; enabled: boolean }) {
  return useQuery({ ...getRequestPublicationQueryOptions(id), enabled });
}
