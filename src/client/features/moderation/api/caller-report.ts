import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '@/shared/paths';
import type { SupportedLocale } from '@/shared/locales';
import { definitionSchema } from '../../../api/service-definition-schema';
import { api } from '../../../lib/http-client';
import { questionsOf, type ServiceQuestion } from '../../../lib/service-questions';
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
  /** The type's questions answered, by attribute code (a list for a multivaluelist). */
  attributes?: Record<string, string | string[]>;
  publish_now: boolean;
}

/**
 * The chosen type's own questions (its service definition, as the residents' form reads it), asked
 * only for a type whose list entry says it has some (`metadata`): the caller is asked them too.
 */
export function useCallerReportQuestions(code: string, locale: SupportedLocale, enabled: boolean) {
  return useQuery({
    queryKey: ['service-definition', 'console', code, locale],
    queryFn: async ({ signal }): Promise<ServiceQuestion[]> =>
      questionsOf(definitionSchema.parse(await api.get(`${paths.proxyGeoreport}/services/${encodeURIComponent(code)}.json`, { query: { locale }, signal })).attributes),
    staleTime: 10 * 60_000,
    enabled: enabled && code !== '',
  });
}

const recordedSchema = z.object({ service_request_id: z.string(), moderation: z.enum(['pending', 'published']) });
export type RecordedReport = z.infer<typeof recordedSchema>;

/** With photos, the API takes a form: the report as JSON in the field `report`, each photo as a `media` part. */
function formWithPhotos(report: CallerReport, photos: readonly File[]): FormData {
  const form = new FormData();
  form.append('report', JSON.stringify(report));
  for (const photo of photos) form.append('media', photo, photo.name);
  return form;
}

/** Records the report with the caller's photos, if any; the lists it joins are read again. */
export function useRecordCallerReport(csrfToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ report, photos }: { report: CallerReport; photos: readonly File[] }) =>
      recordedSchema.parse(await api.post(moderationApiPath('/requests'), photos.length > 0 ? formWithPhotos(report, photos) : report, { headers: csrfHeaders(csrfToken) })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: moderationKeys.queueAll }), queryClient.invalidateQueries({ queryKey: moderationKeys.listAll })]),
  });
}
