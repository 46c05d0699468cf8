import { isApiError } from '../../../lib/http-client';
import type { ReportChecks } from '../validation/load-report-checks';
import type { ErrorTarget } from '../validation/report-form-values';

/** The message tables a refusal is read with (they come with the form's checks). */
export type MessageTables = Pick<ReportChecks, 'classifyMessage' | 'problemOfDescription'>;

/** What a failed send means for the form: messages per form place, and the rest in general. */
export interface SendFailure {
  /** API descriptions (English) per form place; translated when shown. */
  fieldMessages: Partial<Record<ErrorTarget, string>>;
  general: GeneralProblem[];
}

export type GeneralProblem =
  | { kind: 'message'; text: string }
  | { kind: 'rateLimited'; seconds?: number }
  | { kind: 'network' }
  | { kind: 'server'; status: number };

export function interpretSendError(error: unknown, { classifyMessage, problemOfDescription }: MessageTables): SendFailure {
  const failure: SendFailure = { fieldMessages: {}, general: [] };
  if (!isApiError(error)) {
    failure.general.push({ kind: 'server', status: 0 });
    return failure;
  }
  if (error.kind === 'network') {
    failure.general.push({ kind: 'network' });
    return failure;
  }
  if (error.status === 429) {
    // Retry-After when the proxy sends it; else the wait its rate-limit description names.
    const named = problemOfDescription(error.errors[0]?.description ?? '');
    const seconds = error.retryAfterSeconds ?? (named?.code === 'rate_limited' ? named.seconds : undefined);
    failure.general.push({ kind: 'rateLimited', seconds });
    return failure;
  }
  if ((error.status === 400 || error.status === 404 || error.status === 413 || error.status === 415) && error.errors.length > 0) {
    for (const record of error.errors) {
      const { target } = classifyMessage(record.description);
      if (target && failure.fieldMessages[target] === undefined) failure.fieldMessages[target] = record.description;
      else if (!target) failure.general.push({ kind: 'message', text: record.description });
    }
    return failure;
  }
  failure.general.push({ kind: 'server', status: error.status });
  return failure;
}
