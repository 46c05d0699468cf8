/** The languages Kerro speaks; service names and UI texts exist in each. */
export const supportedLocales = ['fi', 'sv', 'en'] as const;
export type SupportedLocale = (typeof supportedLocales)[number];
export const defaultLocale: SupportedLocale = 'en';

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/**
 * The first of a person's languages (language tags, most preferred first: fi-FI, sv, en-GB) that
 * Kerro speaks, else the default. The app takes them from the browser (client/lib/language.ts);
 * the server from Accept-Language, which the browser sends from the same list, to preload what
 * the app will ask for (server/route-preloads.ts).
 */
export function preferredLocale(tags: readonly string[]): SupportedLocale {
  for (const tag of tags) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isSupportedLocale(language)) return language;
  }
  return defaultLocale;
}

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
