import type { SupportedLocale } from '../../shared/locales';

/** Finnish and Swedish as written in Finland; British English for its day-month order. */
const intlLocales: Record<SupportedLocale, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

/** The locale tag every page formats numbers and dates with for a UI language. */
export function intlLocaleOf(language: SupportedLocale): string {
  return intlLocales[language];
}

// Building an Intl formatter costs far more than using one (on a throttled phone the first
// ones of a page load took tens of milliseconds each), and components format on every render:
// so each locale and options pair is built once and kept. The pairs are few (the call sites'
// fixed options × three languages), so the caches need no bound.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const collators = new Map<string, Intl.Collator>();

function cached<Format>(cache: Map<string, Format>, locale: string, options: object | undefined, build: () => Format): Format {
  // Options' keys in the call site's order: the same call site always makes the same key.
  const key = `${locale}|${options === undefined ? '' : JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = build();
    cache.set(key, format);
  }
  return format;
}

/** The Intl.NumberFormat of this locale tag and options, built on first use. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** The Intl.DateTimeFormat of this locale tag and options, built on first use. */
export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/**
 * The Intl.Collator of this locale tag (the browser's own when undefined) and options, built on
 * first use: String.prototype.localeCompare builds one for every comparison a sort makes.
 */
export function collator(locale: string | undefined, options?: Intl.CollatorOptions): Intl.Collator {
  return cached(collators, locale ?? '', options, () => new Intl.Collator(locale, options));
}
