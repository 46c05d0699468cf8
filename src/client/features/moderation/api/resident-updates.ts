import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportedLocale } from '@/shared/locales';
import type { ModerationUpdate, ModerationUpdateList } from '@/shared/moderation/resident-updates';
import { api } from '../../../lib/http-client';
import { csrfHeaders, moderationApiPath, moderationKeys } from './moderation-api';

const updatesKey = (locale: string) => [...moderationKeys.all, 'updates', locale] as const;

/** Residents' updates waiting for a moderator, oldest first (the moderator's bodies only). */
export async function getPendingUpdates({ locale, signal }: { locale: SupportedLocale; signal?: AbortSignal }): Promise<ModerationUpdate[]> {
  const body = (await api.get(moderationApiPath('/updates'), { query: { state: 'pending', locale }, signal })) as ModerationUpdateList;
  return body.items;
}

export function usePendingUpdates(locale: SupportedLocale) {
  return useQuery({ queryKey: updatesKey(locale), queryFn: ({ signal }) => getPendingUpdates({ locale, signal }), staleTime: 10_000 });
}

/** Publishes or rejects one update, with the CSRF header; the list is read again after. */
export function useDecideUpdate(csrfToken: string, locale: SupportedLocale) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'publish' | 'reject' }) =>
      api.post(moderationApiPath(`/updates/${encodeURIComponent(id)}/${decision}`), {}, { headers: csrfHeaders(csrfToken), query: { locale } }),
    onSettled: () => client.invalidateQueries({ queryKey: [...moderationKeys.all, 'updates'] }),
  });
}
