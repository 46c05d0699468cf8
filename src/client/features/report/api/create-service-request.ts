import { useMutation } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import type { SupportedLocale } from '@/shared/locales';
import { ApiError, api, isApiError, type UploadProgress } from '../../../lib/http-client';
import { appendAnswers, type ServiceQuestion } from '../../../lib/service-questions';
import { loadReportChecks } from '../validation/load-report-checks';
import { reportFieldNames, type ReportFormValues } from '../validation/report-form-values';
import { findSubmission, lookupTokenHeader } from './find-submission';
import type { CreatedReport } from './response-schemas';

export type { CreatedReport };

export interface NewReport {
  values: ReportFormValues;
  photos: readonly Blob[];
  locale: SupportedLocale;
  /** The chosen type's questions: their answers go out as attribute[CODE]. */
  questions: readonly ServiceQuestion[];
  /**
   * The report's Idempotency-Key, the same for every try of the same report (its draft's, or its
   * queue entry's): however often it is sent, it arrives once.
   */
  idempotencyKey: string;
  /**
   * The secret kept with the key (the draft's, or its queue entry's): with it only this browser
   * can ask the proxy after the report's answer. None on a report kept from before the tokens.
   */
  lookupToken?: string;
}

/** The header's value: the IETF draft's Structured Field string, a quoted key. */
export const idempotencyKeyHeader = (key: string) => ({ 'Idempotency-Key': `"${key}"` });

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
  const sent = api.postForm(url, buildReportForm(report), {
    ...options,
    headers: { ...idempotencyKeyHeader(report.idempotencyKey), ...lookupTokenHeader(report.lookupToken) },
  });
  const [body, { createdSchema }] = await Promise.all([sent, loadReportChecks()]);
  const parsed = createdSchema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({ kind: 'invalid-response', status: 200, url, message: 'The answer to a new report has no service_request_id' });
  }
  return parsed.data[0]!;
}

export function useCreateServiceRequest(onProgress: (progress: UploadProgress) => void) {
  return useMutation({
    mutationFn: (report: NewReport) => sendOnce(report, { onProgress }),
  });
}

/**
 * Whether an error leaves it unknown if the report arrived: no answer at all (a lost connection,
 * a reload), an unreadable one, the service's own failure, or the key's answers meaning it is
 * running (409) or was already used (422). The key tells.
 */
export function leavesArrivalUnknown(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.kind !== 'http' || error.status === 409 || error.status === 422 || error.status >= 500;
}

/**
 * Sends a report once: an answer lost on the way back is asked for by the report's key, so the
 * report that did arrive is recognised rather than sent again as a new one.
 */
export async function sendOnce(
  report: NewReport,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<CreatedReport> {
  try {
    return await createServiceRequest(report, options);
  } catch (error) {
    if (!leavesArrivalUnknown(error)) throw error;
    const arrived = await findSubmission(report).catch(() => undefined);
    if (arrived) return arrived;
    throw error;
  }
}
