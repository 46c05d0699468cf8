import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, supportedLocales, type SupportedLocale } from '../../shared/locales';

/** Where the language a person picked is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'kerro.language';

/**
 * Every src/client/locales/<language>/<namespace>.json, bundled at build time — except the
 * namespaces a lazily loaded page brings along itself (lazy-namespace.ts), so their texts are
 * not in the first download.
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  ['../locales/*/*.json', '!../locales/*/report.json', '!../locales/*/moderation.json', '!../locales/*/leaflet.json', '!../locales/*/address-search.json', '!../locales/*/map-pick.json', '!../locales/*/updates.json', '!../locales/*/traffic.json', '!../locales/*/counters-table.json'],
  { eager: true },
);

function loadResources(): Resource {
  const resources: Resource = {};
  for (const [file, localeModule] of Object.entries(localeFiles)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language = '', namespace = ''] = match;
    resources[language] = { ...resources[language], [namespace]: localeModule.default };
  }
  return resources;
}

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/** Maps a browser language tag (fi-FI, sv, en-GB) onto a supported language. */
function fromLanguageTag(tag: string): SupportedLocale | undefined {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isSupportedLocale(language) ? language : undefined;
}

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
  if (isSupportedLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = fromLanguageTag(tag);
    if (language) return language;
  }
  return defaultLocale;
}

/** Changes the UI language and remembers it for the next visit. */
export async function setLanguage(i18n: I18n, language: SupportedLocale): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch itself still happens.
  }
  await i18n.changeLanguage(language);
}

/** The UI language as a supported locale (i18next may report e.g. 'cimode' in tests). */
export function currentLanguage(i18n: I18n): SupportedLocale {
  return isSupportedLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLocale;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * Creates a ready i18next instance. Resources are bundled, so initialisation is synchronous and
 * the first render already has its texts.
 */
export function createI18n(options: { language?: SupportedLocale } = {}): I18n {
  const instance = i18next.createInstance();
  const language = options.language ?? detectLanguage(globalThis.localStorage, browserLanguages());
  void instance.use(initReactI18next).init({
    resources: loadResources(),
    lng: language,
    fallbackLng: defaultLocale,
    supportedLngs: [...supportedLocales],
    defaultNS: 'common',
    ns: ['common'],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
  });
  syncDocumentLanguage(instance);
  return instance;
}

/** Keeps `<html lang>` equal to the UI language, for screen readers and hyphenation. */
function syncDocumentLanguage(instance: I18n): void {
  if (typeof document === 'undefined') return;
  const apply = () => {
    document.documentElement.lang = currentLanguage(instance);
  };
  apply();
  instance.on('languageChanged', apply);
}
