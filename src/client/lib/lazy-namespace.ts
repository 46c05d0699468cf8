import { useTranslation } from 'react-i18next';
import { supportedLocales, type SupportedLocale } from '../../shared/locales';

export type NamespaceTexts = Record<SupportedLocale, Record<string, unknown>>;

/**
 * Adds a page's own texts (all languages, so switching needs no download) to i18next the first
 * time the page renders. The texts travel in the page's lazily loaded chunk instead of the main
 * bundle; they are not among the eager `appNamespaces` (app-texts.ts).
 */
export function useLazyNamespace(namespace: string, texts: NamespaceTexts): void {
  const { i18n } = useTranslation();
  for (const language of supportedLocales) {
    // Synchronous and idempotent: the texts are already in memory, so the first render has them.
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, texts[language], true, false);
  }
}
