import type { SupportedLocale } from '@/shared/locales';
import { dateTimeFormat, intlLocaleOf, numberFormat } from '../../../lib/intl-formats';

/**
 * A service timestamp in the person's language and time zone (the browser's unless given);
 * null when there is no timestamp or it cannot be read.
 */
export function formatTimestamp(value: string | null, language: SupportedLocale, timeZone?: string): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return null;
  return dateTimeFormat(intlLocaleOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(time);
}

export function formatCount(value: number, language: SupportedLocale): string {
  return numberFormat(intlLocaleOf(language)).format(value);
}
