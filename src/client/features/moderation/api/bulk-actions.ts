/** Bulk actions (issue 41, item 7): one action on the selected reports, answered per report. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { BulkAnswer } from '@/shared/moderation/bulk';
import type { RejectReason } from '@/shared/moderation/reject-reasons';
import { api } from '../../../lib/http-client';
import { csrfHeaders, moderationApiPath, moderationKeys } from './moderation-api';

/** What the toolbar sends besides the ids: one action and that action's fields (the server's bulkBody). */
export type BulkChange =
  | { action: 'publish' }
  | { action: 'reject'; reason: Exclude<RejectReason, 'duplicate'>; where?: string; note?: string }
  | { action: 'assign'; moderator: string | null }
  /** With `response`, a saved response's text in each report's own language becomes its notes. */
  | { action: 'status'; detailed_status: string[]; status_notes: string }
  | { action: 'status'; detailed_status: string[]; response: number };

const answerSchema = z.object({
  results: z.array(
    z.union([
      z.object({ id: z.string(), ok: z.literal(true) }),
      z.object({ id: z.string(), ok: z.literal(false), code: z.string(), message: z.string() }),
    ]),
  ),
}) satisfies z.ZodType<BulkAnswer, unknown>;

export function useBulkAction(csrfToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, change }: { ids: string[]; change: BulkChange }) =>
      answerSchema.parse(await api.post(moderationApiPath('/bulk'), { ids, ...change }, { headers: csrfHeaders(csrfToken) })),
    // Whatever became of each report, the lists and the audit log may have changed.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: moderationKeys.queueAll });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.listAll });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.audit });
      void queryClient.invalidateQueries({ queryKey: ['moderation', 'request'] });
    },
  });
}
