/**
 * Whether the GeoReport service behind the proxy lets people follow a request. Kerro's own
 * service says so in its discovery document; a city's Open311 service does not, and then the
 * app offers no following anywhere. Asked once per visit; any failure means "no".
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { discoveryOffersFollowing } from '../../shared/georeport/follow';
import { paths } from '../../shared/paths';
import { api } from '../lib/http-client';

export async function getFollowSupport({ signal }: { signal?: AbortSignal } = {}): Promise<boolean> {
  try {
    return discoveryOffersFollowing(await api.get(`${paths.proxyGeoreport}/discovery.json`, { signal }));
  } catch {
    return false;
  }
}

export const followSupportQueryOptions = queryOptions({
  queryKey: ['follow-support'],
  queryFn: ({ signal }) => getFollowSupport({ signal }),
  staleTime: Infinity,
});

export function useFollowSupport(): boolean {
  return useQuery(followSupportQueryOptions).data === true;
}
