import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/http-client';
import { mayBeSignedInAsModerator } from '../../../lib/signed-in-markers';
import { csrfHeaders, moderationApiPath, moderationKeys } from './moderation-api';
import { sessionSchema, type ModeratorSession } from './moderation-schema';

/** The signed-in moderator, or null when there is no live session (401), or nobody signed in in this browser (not asked). */
export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<ModeratorSession | null> {
  if (!mayBeSignedInAsModerator()) return null;
  try {
    return sessionSchema.parse(await api.get(moderationApiPath('/session'), { signal }));
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: moderationKeys.session,
    queryFn: ({ signal }) => getSession({ signal }),
    staleTime: 5 * 60_000,
  });

export function useModeratorSession() {
  return useQuery(sessionQueryOptions());
}

export async function signIn(credentials: { name: string; password: string }): Promise<ModeratorSession> {
  return sessionSchema.parse(await api.post(moderationApiPath('/session'), credentials));
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => queryClient.setQueryData(moderationKeys.session, session),
  });
}

export async function signOut(csrfToken: string): Promise<void> {
  await api.delete(moderationApiPath('/session'), { headers: csrfHeaders(csrfToken) });
}

/**
 * Signs out. Whatever the server answers, the console then leaves for the login page, which
 * forgets every moderation answer (they hold personal data): see useForgetConsoleData.
 */
export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}

/** Drops every moderation answer but the session itself (which says "signed out" as null). */
export function useForgetConsoleData() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.removeQueries({ queryKey: moderationKeys.all, predicate: (query) => query.queryKey[1] !== 'session' });
}
