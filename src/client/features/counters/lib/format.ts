import type { SupportedLocale } from '../../../../shared/locales';

/** The region that goes with each UI language, so dates read the way people there write them. */
const localeTags: Record<SupportedLocale, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

export function localeTag(language: SupportedLocale): string {
  return localeTags[language];
}

// Building an Intl formatter costs far more than using one; a table formats hundreds of times.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(language: SupportedLocale, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium', timeStyle: 'short', timeZone });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * A service timestamp in the person's language and time zone (the browser's unless given);
 * null when there is no timestamp or it cannot be read.
 */
export function formatTimestamp(value: string | null, language: SupportedLocale, timeZone?: string): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return null;
  return dateTimeFormat(language, timeZone).format(time);
}

export function formatCount(value: number, language: SupportedLocale): string {
  return new Intl.NumberFormat(localeTag(language)).format(value);
}
