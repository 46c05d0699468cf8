import type { i18n as I18n } from 'i18next';
import en from '../../src/client/lib/app-texts-en';
import fi from '../../src/client/lib/app-texts-fi';
import sv from '../../src/client/lib/app-texts-sv';
import { createI18n } from '../../src/client/lib/i18n';
import { detectPageLanguage } from '../../src/client/lib/language';
import type { SupportedLocale } from '../../src/shared/locales';

/**
 * i18next made at once with every language's texts, as a component test needs it: the app
 * downloads only its language's (loadI18n) and the next when a person switches (setLanguage).
 * Without a language, the one this page would detect.
 */
export function createTestI18n(language: SupportedLocale = detectPageLanguage(), languages: readonly SupportedLocale[] = ['fi', 'sv', 'en']): I18n {
  const all = { fi, sv, en };
  return createI18n({ language, texts: Object.fromEntries(languages.map((each) => [each, all[each]])) });
}
