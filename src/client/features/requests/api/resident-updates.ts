import { useMutation } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import type { SupportedLocale } from '@/shared/locales';
import { api } from '../../../lib/http-client';

export interface ResidentUpdateDraft {
  description: string;
  photo?: File;
  name?: string;
  showName: boolean;
  email?: string;
  locale: SupportedLocale;
}

/** Posts a resident's update through the proxy (which adds the key); it waits for a moderator. */
export async function postResidentUpdate(id: string, draft: ResidentUpdateDraft): Promise<void> {
  const form = new FormData();
  form.append('description', draft.description);
  if (draft.name) form.append('name', draft.name);
  form.append('show_name', draft.showName && draft.name ? 'true' : 'false');
  if (draft.email) form.append('email', draft.email);
  form.append('locale', draft.locale);
  if (draft.photo) form.append('media', draft.photo, draft.photo.name);
  await api.postForm(`${paths.proxyGeoreport}/requests/${encodeURIComponent(id)}/updates.json`, form);
}

export function usePostResidentUpdate(id: string) {
  return useMutation({ mutationFn: (draft: ResidentUpdateDraft) => postResidentUpdate(id, draft) });
}
