/** The moderators the signed-in one may assign reports to (the bulk toolbar's "Assign to"). */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ModerationColleague } from '@/shared/moderation/wire';
import { api } from '../../../lib/http-client';
import { moderationApiPath, moderationKeys } from './moderation-api';

const answerSchema = z.object({
  items: z.array(z.object({ name: z.string(), bodies: z.array(z.string()) }) satisfies z.ZodType<ModerationColleague>),
});

/** Asked only while `enabled` (the toolbar's assign action is chosen): most bulk work never needs it. */
export function useColleagues(enabled: boolean) {
  return useQuery({
    queryKey: [...moderationKeys.all, 'moderators'],
    queryFn: async ({ signal }) => answerSchema.parse(await api.get(moderationApiPath('/moderators'), { signal })).items,
    staleTime: 5 * 60_000,
    enabled,
  });
}
