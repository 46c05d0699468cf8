import { isSupportedLocale, preferredLocale, type SupportedLocale } from '../../shared/locales';

/**
 * Which UI language a person gets, without i18next: the entry script (boot.ts) uses it to ask for
 * that language's texts before the app's code has even arrived.
 */

/** Where the language a person picked is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'kerro.language';

function readStoredLanguage(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage can be blocked (privacy settings); detection still works
  }
}

/** The remembered choice first, then the browser's preferences, then the default. */
export function detectLanguage(
  storage: Storage | undefined,
  browserLanguages: readonly string[],
): SupportedLocale {
  const stored = readStoredLanguage(storage);
  return isSupportedLocale(stored) ? stored : preferredLocale(browserLanguages);
}

/** The page's storage, or none where reading `localStorage` itself throws (blocked storage). */
function pageStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** This browser's language for the UI: detectLanguage on the page's storage and preferences. */
export function detectPageLanguage(): SupportedLocale {
  return detectLanguage(pageStorage(), browserLanguages());
}

/** Remembers a chosen language for the next visit; not remembered where storage is blocked. */
export function rememberLanguage(language: SupportedLocale): void {
  try {
    pageStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The switch itself still happens.
  }
}
