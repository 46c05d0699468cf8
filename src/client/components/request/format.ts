import type { SupportedLocale } from '../../../shared/locales';
import { dateTimeFormat, intlLocaleOf } from '../../lib/intl-formats';

/**
 * A W3C timestamp as the person reads dates, in their own time zone. Returns undefined for
 * text that is not a date, so a malformed value is left out rather than shown as "Invalid Date".
 */
export function formatDateTime(iso: string | undefined, language: SupportedLocale): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return dateTimeFormat(intlLocaleOf(language), { dateStyle: 'long', timeStyle: 'short' }).format(date);
}
