import type { i18n as I18n, Resource } from 'i18next';
import { createI18n } from '../../src/client/lib/i18n';
import { detectPageLanguage } from '../../src/client/lib/language';
import type { SupportedLocale } from '../../src/shared/locales';

/** Every locale file, by path: src/client/locales/<language>/<namespace>.json. */
const localeFiles = import.meta.glob<Record<string, unknown>>('../../src/client/locales/*/*.json', { eager: true, import: 'default' });

/** Every namespace of the languages asked for. */
function textsOf(languages: readonly SupportedLocale[]): Resource {
  const resources: Resource = {};
  for (const [path, texts] of Object.entries(localeFiles)) {
    const [, language, namespace] = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(path)!;
    if (languages.includes(language as SupportedLocale)) (resources[language!] ??= {})[namespace!] = texts;
  }
  return resources;
}

/**
 * i18next made at once with every namespace of the languages asked for (all three unless told), as
 * a component test needs it; the app downloads its language's as pages ask (lib/i18n.ts), and a
 * language not given here is downloaded the same way. Without a language, the one this page would detect.
 */
export function createTestI18n(language: SupportedLocale = detectPageLanguage(), languages: readonly SupportedLocale[] = ['fi', 'sv', 'en']): I18n {
  return createI18n({ language, resources: textsOf(languages) });
}
