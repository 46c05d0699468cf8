import { useMutation } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import type { SupportedLocale } from '@/shared/locales';
import { ApiError, api, type UploadProgress } from '../../../lib/http-client';
import { appendAnswers, type ServiceQuestion } from '../questions/answers';
import { loadReportChecks } from '../validation/load-report-checks';
import { reportFieldNames, type ReportFormValues } from '../validation/report-form-values';
import type { CreatedReport } from './response-schemas';

export type { CreatedReport };

export interface NewReport {
  values: ReportFormValues;
  photos: readonly Blob[];
  locale: SupportedLocale;
  /** The chosen type's questions: their answers go out as attribute[CODE]. */
  questions: readonly ServiceQuestion[];
}

/**
 * The form the proxy expects: the schema's fields (empty ones left out), the UI language as
 * `locale` (the notification email is written in it), the answers to the type's questions as
 * `attribute[CODE]`, and the photos as `media[]`.
 */
export function buildReportForm({ values, photos, locale, questions }: NewReport): FormData {
  const form = new FormData();
  for (const field of reportFieldNames) {
    const value = values[field].trim();
    if (value !== '') form.append(field, field === 'description' || field === 'title' ? values[field] : value);
  }
  appendAnswers(form, questions, values.answers);
  form.append('locale', locale);
  photos.forEach((photo, index) => form.append('media[]', photo, `photo-${index + 1}.jpg`));
  return form;
}

export async function createServiceRequest(
  report: NewReport,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<CreatedReport> {
  const url = `${paths.proxyGeoreport}/requests.json`;
  const [body, { createdSchema }] = await Promise.all([api.postForm(url, buildReportForm(report), options), loadReportChecks()]);
  const parsed = createdSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({ kind: 'invalid-response', status: 200, url, message: 'The answer to a new report has no service_request_id' });
  }
  return parsed.data[0]!;
}

export function useCreateServiceRequest(onProgress: (progress: UploadProgress) => void) {
  return useMutation({
    mutationFn: (report: NewReport) => createServiceRequest(report, { onProgress }),
  });
}
