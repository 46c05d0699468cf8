import type { SupportedLocale } from '../../../shared/locales';

/** Finnish and Swedish as written in Finland; British English for its day-month order. */
const intlLocales: Record<SupportedLocale, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

export function intlLocaleOf(language: SupportedLocale): string {
  return intlLocales[language];
}

/**
 * A W3C timestamp as the person reads dates, in their own time zone. Returns undefined for
 * text that is not a date, so a malformed value is left out rather than shown as "Invalid Date".
 */
export function formatDateTime(iso: string | undefined, language: SupportedLocale): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle: 'long', timeStyle: 'short' }).format(date);
}
