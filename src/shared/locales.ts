/** The languages Kerro speaks; service names and UI texts exist in each. */
export const supportedLocales = ['fi', 'sv', 'en'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];
export const defaultLocale: SupportedLocale = 'en';

/**
 * Maps a GeoReport `locale` parameter (fi, fi_FI, sv-FI, en_GB, …) onto a supported language.
 * Anything unknown falls back to English, as the spec's default.
 */
export function resolveLocale(requested: string | undefined | null): SupportedLocale {
  if (!requested) return defaultLocale;
  const language = requested.trim().toLowerCase().split(/[_-]/)[0];
  return (supportedLocales as readonly string[]).includes(language ?? '')
    ? (language as SupportedLocale)
    : defaultLocale;
}
