import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SupportedLocale } from '@/shared/locales';
import { api } from '../../../lib/http-client';
import { moderationApiPath, moderationKeys } from './moderation-api';
import type { ModerationFlag, ModerationState } from '@/shared/moderation/wire';
import { listPageSchema, queuePageSchema, type ListPage, type QueuePage } from './moderation-schema';

const PAGE_SIZE = 25;

/** Pending requests, oldest first: the moderator works from the top. `flag`: only those with it. */
export async function getQueuePage({
  after,
  flag,
  locale,
  signal,
}: {
  after?: string;
  flag?: ModerationFlag;
  locale: SupportedLocale;
  signal?: AbortSignal;
}): Promise<QueuePage> {
  const body = await api.get(moderationApiPath('/queue'), { query: { limit: PAGE_SIZE, after, flag, locale }, signal });
  return queuePageSchema.parse(body);
}

export const queueQueryOptions = (locale: SupportedLocale, flag?: ModerationFlag) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.queue(locale, flag),
    queryFn: ({ pageParam, signal }) => getQueuePage({ after: pageParam, flag, locale, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_after ?? undefined,
    // New reports keep arriving: the open queue looks again every minute and on return to the tab.
    staleTime: 10_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

/** Published or rejected requests, newest first: for handling published ones later. `flag`: only those with it. */
export async function getRequestListPage({
  state,
  flag,
  before,
  locale,
  signal,
}: {
  state: ModerationState;
  flag?: ModerationFlag;
  before?: string;
  locale: SupportedLocale;
  signal?: AbortSignal;
}): Promise<ListPage> {
  const body = await api.get(moderationApiPath('/requests'), { query: { state, flag, limit: PAGE_SIZE, before, locale }, signal });
  return listPageSchema.parse(body);
}

export const requestListQueryOptions = (state: ModerationState, locale: SupportedLocale, flag?: ModerationFlag) =>
  infiniteQueryOptions({
    queryKey: moderationKeys.list(state, locale, flag),
    queryFn: ({ pageParam, signal }) => getRequestListPage({ state, flag, before: pageParam, locale, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });

export function useQueue(locale: SupportedLocale, flag?: ModerationFlag, enabled = true) {
  return useInfiniteQuery({ ...queueQueryOptions(locale, flag), enabled });
}

export function useRequestList(state: ModerationState, locale: SupportedLocale, flag?: ModerationFlag, enabled = true) {
  return useInfiniteQuery({ ...requestListQueryOptions(state, locale, flag), enabled });
}
