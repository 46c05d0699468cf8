import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http-client';
import type { AuditFilters } from '../lib/audit-filters';
import { moderationApiPath, moderationKeys } from './moderation-api';
import { auditPageSchema, type AuditPage } from './moderation-schema';

const PAGE_SIZE = 50;

/** Who did what, newest first, with the page's filters (the server checks them). */
export async function getAuditPage({ before, filters, signal }: { before?: number; filters: AuditFilters; signal?: AbortSignal }): Promise<AuditPage> {
  const body = await api.get(moderationApiPath('/audit'), { query: { limit: PAGE_SIZE, before, ...filters }, signal });
  return auditPageSchema.parse(body);
}

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...moderationKeys.audit, filters],
    queryFn: ({ pageParam, signal }) => getAuditPage({ before: pageParam, filters, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    staleTime: 10_000,
  });

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters));
}
