import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportedLocale } from '@/shared/locales';
import { api, isApiError } from '../../../lib/http-client';
import { moderationApiPath, moderationKeys } from './moderation-api';
import { moderationDetailSchema, type ModerationDetail } from './moderation-schema';

/**
 * One request in any state, with its audit entries; null when there is no such request. A request
 * moved out of the moderator's bodies fails with its ApiError (movedToOf names the body).
 */
export async function getModerationRequest({
  id,
  locale,
  signal,
}: {
  id: string;
  locale: SupportedLocale;
  signal?: AbortSignal;
}): Promise<ModerationDetail | null> {
  try {
    const body = await api.get(moderationApiPath(`/requests/${encodeURIComponent(id)}`), { query: { locale }, signal });
    return moderationDetailSchema.parse(body);
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && (error.status === 404 || error.status === 400) && movedToOf(error) === undefined) return null;
    throw error;
  }
}

/** The body a report went to, when the answer was the moderation API's `moved`. */
export function movedToOf(error: unknown): string | undefined {
  return isApiError(error) && error.status === 404 ? error.errors.find((record) => record.code === 'moved')?.movedTo : undefined;
}

export const moderationRequestQueryOptions = (id: string, locale: SupportedLocale) =>
  queryOptions({
    queryKey: moderationKeys.request(id, locale),
    queryFn: ({ signal }) => getModerationRequest({ id, locale, signal }),
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });

export function useModerationRequest(id: string, locale: SupportedLocale) {
  return useQuery({ ...moderationRequestQueryOptions(id, locale), placeholderData: keepPreviousData });
}
