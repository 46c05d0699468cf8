import type { SupportedLocale } from '../../shared/locales';

/** Finnish and Swedish as written in Finland; British English. */
const intlLocales: Record<SupportedLocale, string> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

// Building an Intl formatter costs far more than using one; lists format many coordinates.
const formats = new Map<SupportedLocale, Intl.NumberFormat>();

function coordinateFormat(locale: SupportedLocale): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[locale], { minimumFractionDigits: 5, maximumFractionDigits: 5, useGrouping: false });
    formats.set(locale, format);
  }
  return format;
}

/**
 * One coordinate in degrees, five decimals (about a metre, as precise as a tap on a map), in the
 * number format of the UI language: 60.18725 in English, 60,18725 in Finnish and Swedish.
 */
export function formatCoordinate(value: number, locale: SupportedLocale): string {
  return coordinateFormat(locale).format(value);
}

/** Latitude and longitude, in that order: the one way every page writes a place's coordinates. */
export function formatCoordinates(lat: number, long: number, locale: SupportedLocale): string {
  return `${formatCoordinate(lat, locale)}, ${formatCoordinate(long, locale)}`;
}
