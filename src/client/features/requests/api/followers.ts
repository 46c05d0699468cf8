import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import type { SupportedLocale } from '@/shared/locales';
import { api } from '../../../lib/http-client';

const followersUrl = (id: string) => `${paths.proxyGeoreport}/requests/${encodeURIComponent(id)}/followers.json`;

/** How many people follow a published request (Kerro's follow extension). */
export async function getFollowerCount({ id, signal }: { id: string; signal?: AbortSignal }): Promise<number> {
  const body = (await api.get(followersUrl(id), { signal })) as { follower_count?: unknown } | null;
  const count = body?.follower_count;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : 0;
}

export const followerCountQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['requests', 'followers', id],
    queryFn: ({ signal }) => getFollowerCount({ id, signal }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

export function useFollowerCount(id: string, enabled: boolean) {
  return useQuery({ ...followerCountQueryOptions(id), enabled });
}

/** Asks for a confirmation email; the address is followed once its link is opened. */
export async function followRequest({ id, email, locale }: { id: string; email: string; locale: SupportedLocale }): Promise<void> {
  await api.postForm(followersUrl(id), new URLSearchParams({ email, locale }));
}

export function useFollowRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; locale: SupportedLocale }) => followRequest({ id, ...input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['requests', 'followers', id] }),
  });
}

/** Reports abuse against a published request (issue 28): the moderators of its body look at it again. */
export async function reportAbuse({ id, reason, email }: { id: string; reason: string; email: string }): Promise<void> {
  const fields = new URLSearchParams({ reason });
  if (email) fields.set('email', email);
  await api.postForm(`${paths.proxyGeoreport}/requests/${encodeURIComponent(id)}/abuse.json`, fields);
}

export function useReportAbuse(id: string) {
  return useMutation({ mutationFn: (input: { reason: string; email: string }) => reportAbuse({ id, ...input }) });
}
