import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http-client';
import { moderationApiPath, moderationKeys } from './moderation-api';
import { auditPageSchema, type AuditPage } from './moderation-schema';

const PAGE_SIZE = 50;

/** Who did what, newest first. */
export async function getAuditPage({ before, signal }: { before?: number; signal?: AbortSignal }): Promise<AuditPage> {
  const body = await api.get(moderationApiPath('/audit'), { query: { limit: PAGE_SIZE, before }, signal });
  return auditPageSchema.parse(body);
}

export const auditQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: moderationKeys.audit,
    queryFn: ({ pageParam, signal }) => getAuditPage({ before: pageParam, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    staleTime: 10_000,
  });

export function useAuditLog() {
  return useInfiniteQuery(auditQueryOptions());
}
