import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { SupportedLocale } from '@/shared/locales';
import { api } from '../../../lib/http-client';
import { csrfHeaders, moderationApiPath, moderationKeys } from './moderation-api';

/** A caller's report as the console sends it (the server's callerReportBody); absent fields are left out. */
export interface CallerReport {
  service_code: string;
  description: string;
  title?: string;
  lat?: number;
  long?: number;
  address_string?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  locale: SupportedLocale;
  publish_now: boolean;
}

const recordedSchema = z.object({ service_request_id: z.string(), moderation: z.enum(['pending', 'published']) });
export type RecordedReport = z.infer<typeof recordedSchema>;

/** Records the report; the lists it joins are read again. */
export function useRecordCallerReport(csrfToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (report: CallerReport) =>
      recordedSchema.parse(await api.post(moderationApiPath('/requests'), report, { headers: csrfHeaders(csrfToken) })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: moderationKeys.queueAll }), queryClient.invalidateQueries({ queryKey: moderationKeys.listAll })]),
  });
}
