import type { TFunction } from 'i18next';
import { isApiError, type ApiError } from '../../../lib/http-client';
import { translateFieldProblem } from './field-messages';

const problemOfRecord = (record: ApiError['errors'][number]) => ({ message: record.description, ...record.problem });

/** The moderation API's error code (`{"error": {"code"}}`), when the answer had one. */
export function errorCodeOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const code = error.errors[0]?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A 401 that means "no live session" (not a wrong password at sign-in). */
export function isSessionEnded(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status === 401 && errorCodeOf(error) !== 'invalid_credentials';
}

/** Field problems the server named (`fields`, each with its code), keyed by field, in the UI language. */
export function serverFieldErrors(error: unknown, t: TFunction<'moderation'>): Record<string, string> {
  if (!isApiError(error) || error.status !== 400) return {};
  const byField: Record<string, string> = {};
  for (const record of error.errors as ApiError['errors']) {
    if (record.field) byField[record.field] ??= translateFieldProblem(problemOfRecord(record), t);
  }
  return byField;
}

/** One sentence saying what went wrong and what to do, for any failed console call. */
export function describeError(error: unknown, t: TFunction<'moderation'>): string {
  if (!isApiError(error)) return t('errors.unexpected');
  if (error.kind === 'network') return t('errors.network');
  if (error.kind === 'invalid-response') return t('errors.server');
  switch (error.status) {
    case 400: {
      const general = error.errors.find((record) => !record.field);
      return general ? t('errors.invalidWithReason', { reason: translateFieldProblem(problemOfRecord(general), t) }) : t('errors.invalid');
    }
    case 401:
      return t('errors.sessionEnded');
    case 403:
      return t('errors.forbidden');
    case 404:
      return t('errors.notFound');
    case 409:
      // The server's reason is English ("this request is published; …"): say it in the UI language.
      return t('errors.conflict');
    case 413:
      return t('errors.tooLarge');
    default:
      return error.status >= 500 ? t('errors.server') : t('errors.unexpected');
  }
}
