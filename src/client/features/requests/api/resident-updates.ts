import { useMutation, useQuery } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import type { SupportedLocale } from '@/shared/locales';
import type { ResidentMe } from '@/shared/residents/wire';
import { api } from '../../../lib/http-client';
import { mayBeSignedInAsResident } from '../../../lib/signed-in-markers';

export interface ResidentUpdateDraft {
  description: string;
  photo?: File;
  name?: string;
  showName: boolean;
  email?: string;
  /** The reporter's word; sent only when they are signed in (the proxy vouches for them). */
  state?: 'fixed' | 'still_there';
  locale: SupportedLocale;
}

/** Posts a resident's update through the proxy (which adds the key); it waits for a moderator. */
export async function postResidentUpdate(id: string, draft: ResidentUpdateDraft): Promise<void> {
  const form = new FormData();
  form.append('description', draft.description);
  if (draft.name) form.append('name', draft.name);
  form.append('show_name', draft.showName && draft.name ? 'true' : 'false');
  if (draft.email) form.append('email', draft.email);
  if (draft.state) form.append('state', draft.state);
  form.append('locale', draft.locale);
  if (draft.photo) form.append('media', draft.photo, draft.photo.name);
  await api.postForm(`${paths.proxyGeoreport}/requests/${encodeURIComponent(id)}/updates.json`, form);
}

export function usePostResidentUpdate(id: string) {
  return useMutation({ mutationFn: (draft: ResidentUpdateDraft) => postResidentUpdate(id, draft) });
}

/**
 * Whether the signed-in resident made this report (their own reports, from the residents' API):
 * only then may they say it is fixed or still there. Nobody signed in, or any failure: false;
 * not asked in a browser where nobody signed in (its 401 would be a console error on every visit).
 */
export async function isOwnReport({ id, signal }: { id: string; signal?: AbortSignal }): Promise<boolean> {
  if (!mayBeSignedInAsResident()) return false;
  try {
    const me = await api.get<ResidentMe | null>(`${paths.residentsApi}/me`, { signal });
    return Array.isArray(me?.reports) && me.reports.some((report) => report.id === id);
  } catch {
    return false;
  }
}

export function useIsOwnReport(id: string) {
  return useQuery({ queryKey: ['residents', 'own-report', id], queryFn: ({ signal }) => isOwnReport({ id, signal }), staleTime: 60_000, retry: false });
}
