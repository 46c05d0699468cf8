import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, isSupportedLocale, supportedLocales, type SupportedLocale } from '../../shared/locales';
import { appNamespaces, loadAppTexts, type AppTexts } from './app-texts';
import { detectPageLanguage, rememberLanguage } from './language';

/** The UI language as a supported locale (i18next may report e.g. 'cimode' in tests). */
export function currentLanguage(i18n: I18n): SupportedLocale {
  return isSupportedLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLocale;
}

/**
 * Creates a ready i18next instance from texts already loaded: initialisation is synchronous, so
 * the first render has its texts. The app passes its one language; tests may pass all three.
 */
export function createI18n({ language, texts }: { language: SupportedLocale; texts: Partial<Record<SupportedLocale, AppTexts>> }): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: texts,
    lng: language,
    // Only lazily added namespaces carry every language; the app texts of the fallback are not
    // downloaded for it, as every language has every key (test/client/locales.test.ts).
    fallbackLng: defaultLocale,
    supportedLngs: [...supportedLocales],
    defaultNS: 'common',
    ns: [...appNamespaces],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
  });
  syncDocumentLanguage(instance);
  return instance;
}

/** The app's i18next in this browser's language, once its texts are here (boot.ts asked for them first). */
export async function loadI18n(): Promise<I18n> {
  const language = detectPageLanguage();
  const texts = await loadAppTexts(language);
  return createI18n({ language, texts: { [language]: texts } });
}

/** The language each instance was last asked to switch to: a slower download must not win over a later choice. */
const latestChoice = new WeakMap<I18n, SupportedLocale>();

/**
 * Changes the UI language once its texts are here, and remembers it for the next visit. If they
 * cannot be downloaded, the UI stays in its language, whole; choosing again tries again.
 */
export async function setLanguage(i18n: I18n, language: SupportedLocale): Promise<void> {
  latestChoice.set(i18n, language);
  if (!i18n.hasResourceBundle(language, 'common')) {
    let texts: AppTexts;
    try {
      texts = await loadAppTexts(language);
    } catch {
      return;
    }
    for (const namespace of appNamespaces) i18n.addResourceBundle(language, namespace, texts[namespace], true, false);
  }
  if (latestChoice.get(i18n) !== language) return;
  rememberLanguage(language);
  await i18n.changeLanguage(language);
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
