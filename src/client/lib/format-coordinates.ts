import type { SupportedLocale } from '../../shared/locales';
import { intlLocaleOf, numberFormat } from './intl-formats';

function coordinateFormat(locale: SupportedLocale): Intl.NumberFormat {
  return numberFormat(intlLocaleOf(locale), { minimumFractionDigits: 5, maximumFractionDigits: 5, useGrouping: false });
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
