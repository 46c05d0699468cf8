/** Saved responses (issue 41, item 4): the moderator's bodies' response templates, and saving, changing and deleting one. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ResponseTemplate } from '@/shared/moderation/response-templates';
import { api } from '../../../lib/http-client';
import { csrfHeaders, moderationApiPath, moderationKeys } from './moderation-api';

const templateSchema = z.object({
  id: z.number(),
  body_id: z.string(),
  title: z.string(),
  text_fi: z.string(),
  text_sv: z.string(),
  text_en: z.string(),
  service_code: z.string().nullable(),
  status: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<ResponseTemplate, unknown>;
const listSchema = z.object({ items: z.array(templateSchema) });

/** What the form sends: the body only when saving a new one (it never changes). */
export type ResponseTemplateInput = Pick<ResponseTemplate, 'title' | 'text_fi' | 'text_sv' | 'text_en' | 'service_code' | 'status'>;

const responsesKey = [...moderationKeys.all, 'responses'] as const;

/** Every saved response of the moderator's bodies (an administrator's: all). */
export function useResponseTemplates() {
  return useQuery({
    queryKey: responsesKey,
    queryFn: async ({ signal }) => listSchema.parse(await api.get(moderationApiPath('/responses'), { signal })).items,
    staleTime: 30_000,
  });
}

/** Those of a report's body, for its type or any (the status form's picker). */
export function useResponseTemplatesFor(serviceRequestId: string) {
  return useQuery({
    queryKey: [...responsesKey, 'for', serviceRequestId],
    queryFn: async ({ signal }) => listSchema.parse(await api.get(moderationApiPath('/responses'), { query: { for_request: serviceRequestId }, signal })).items,
    staleTime: 30_000,
  });
}

export type ResponseTemplateChange =
  | { kind: 'create'; body_id: string; fields: ResponseTemplateInput }
  | { kind: 'edit'; id: number; fields: ResponseTemplateInput }
  | { kind: 'delete'; id: number };

/** Saves, changes or deletes one, with the CSRF header; every list of them is read again after. */
export function useChangeResponseTemplate(csrfToken: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: ResponseTemplateChange): Promise<ResponseTemplate | null> => {
      const headers = csrfHeaders(csrfToken);
      if (change.kind === 'delete') {
        await api.delete(moderationApiPath(`/responses/${change.id}`), { headers });
        return null;
      }
      const answer =
        change.kind === 'create'
          ? await api.post(moderationApiPath('/responses'), { body_id: change.body_id, ...change.fields }, { headers })
          : await api.patch(moderationApiPath(`/responses/${change.id}`), change.fields, { headers });
      return templateSchema.parse(answer);
    },
    onSettled: () => client.invalidateQueries({ queryKey: responsesKey }),
  });
}
