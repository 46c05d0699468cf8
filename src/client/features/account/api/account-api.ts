/** The resident's account calls (/residents/api): the sign-in link, using it, the lists, settings, signing out. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../../shared/paths';
import type { ResidentMe, ResidentSettingsInput } from '../../../../shared/residents/wire';
import { residentKeys } from '../../../api/resident-session';
import { api, request } from '../../../lib/http-client';

const path = (rest: string) => `${paths.residentsApi}${rest}`;

export function askForSignInLink(input: { email: string; locale: string; next?: string }): Promise<unknown> {
  return api.post(path('/sign-in'), input);
}

export function useAskForSignInLink() {
  return useMutation({ mutationFn: askForSignInLink });
}

export function useConfirmSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ email: string }>(path('/sign-in/confirm'), { token }),
    // Everything asked while signed out (or as someone else) is stale now.
    onSuccess: () => queryClient.removeQueries({ queryKey: residentKeys.all }),
  });
}

export const meQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: residentKeys.me(locale),
    queryFn: ({ signal }) => api.get<ResidentMe>(path('/me'), { signal, query: { locale } }),
  });

export function useMe(locale: string, enabled: boolean) {
  return useQuery({ ...meQueryOptions(locale), enabled });
}

export function useUpdateSettings(locale: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ResidentSettingsInput) => request<ResidentMe>(path('/me/settings'), { method: 'PUT', body: settings, query: { locale } }),
    onSuccess: (me) => queryClient.setQueryData(residentKeys.me(locale), me),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(path('/sign-out'), {}),
    // Their lists hold personal data: nothing of them stays in memory.
    onSettled: () => {
      queryClient.removeQueries({ queryKey: [...residentKeys.all, 'me'] });
      queryClient.setQueryData(residentKeys.session, { signedIn: false });
    },
  });
}
