import i18next, { type i18n as I18n, type Resource, type ResourceKey } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, isSupportedLocale, supportedLocales, type SupportedLocale } from '../../shared/locales';
import { firstNamespaces } from './first-namespaces';
import { detectPageLanguage, rememberLanguage } from './language';

/** The UI language as a supported locale (i18next may report e.g. 'cimode' in tests). */
export function currentLanguage(i18n: I18n): SupportedLocale {
  return isSupportedLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLocale;
}

/**
 * Each locale file's import(): a chunk of its own, downloaded the first time it is asked for; the
 * backend takes the module's default export.
 */
const localeFiles = import.meta.glob<ResourceKey>('./*/*.json', { base: '../locales' });

/**
 * Where i18next gets a namespace's texts in a language (an unknown one throws: a failed download).
 * The first namespaces of a language share one chunk (vite.config.ts), which the entry script has
 * asked for already (boot.ts).
 */
const localeChunks = resourcesToBackend((language: string, namespace: string) => localeFiles[`./${language}/${namespace}.json`]!());

function init(instance: I18n, language: SupportedLocale, resources?: Resource): Promise<unknown> {
  return instance
    .use(localeChunks)
    .use(initReactI18next)
    .init({
      lng: language,
      resources,
      // Texts given (tests) and texts downloaded mix: a namespace not given is downloaded.
      partialBundledLanguages: true,
      // No language is downloaded as a fallback for another: every language has every key
      // (test/client/locales.test.ts).
      fallbackLng: false,
      supportedLngs: [...supportedLocales],
      defaultNS: 'common',
      ns: [...firstNamespaces],
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      // No Suspense: a page's namespaces are here before it renders (app/router.tsx), and those of
      // the parts it loads later (maps, panels) are asked for as soon as the page is here; a part
      // whose texts are still on the way renders again when they arrive. (With Suspense, the
      // report flow's tests ran past their timeouts: not yet understood.)
      react: { useSuspense: false },
    });
}

/** i18next with the texts given, ready at once (tests); a namespace not given is downloaded when asked for. */
export function createI18n({ language, resources }: { language: SupportedLocale; resources: Resource }): I18n {
  const instance = i18next.createInstance();
  void init(instance, language, resources);
  syncDocumentLanguage(instance);
  return instance;
}

/** The app's i18next in this browser's language, once its first namespaces are here (boot.ts asked for them first). */
export async function loadI18n(): Promise<I18n> {
  const language = detectPageLanguage();
  const instance = i18next.createInstance();
  await init(instance, language);
  if (!(await hasTexts(instance, language, firstNamespaces))) throw new Error(`no ${language} texts`);
  syncDocumentLanguage(instance);
  return instance;
}

/**
 * Whether the namespaces are here in the language, downloading those that are not. Unlike
 * i18next's loadNamespaces, this asks again for one whose download failed before.
 */
async function hasTexts(i18n: I18n, language: string, namespaces: readonly string[]): Promise<boolean> {
  const missing = () => namespaces.filter((namespace) => !i18n.hasResourceBundle(language, namespace));
  if (missing().length > 0) await i18n.reloadResources([language], missing());
  return missing().length === 0;
}

/**
 * Downloads a page's namespaces in the UI language before the page renders (the router's `lazy`);
 * fails if one cannot be downloaded. From then on a language switch downloads them too.
 */
export async function loadNamespaces(i18n: I18n, namespaces: readonly string[]): Promise<void> {
  await i18n.loadNamespaces([...namespaces]);
  if (!(await hasTexts(i18n, i18n.language, namespaces))) throw new Error(`no ${i18n.language} texts`);
}

/** The language each instance was last asked to switch to: a slower download must not win over a later choice. */
const latestChoice = new WeakMap<I18n, SupportedLocale>();

/**
 * Changes the UI language once the texts the page shows are here in it (every namespace asked for
 * so far, the page's own among them), so the page never renders a key; remembers it for the next
 * visit. If they cannot be downloaded, the UI stays in its language, whole; choosing again tries again.
 */
export async function setLanguage(i18n: I18n, language: SupportedLocale): Promise<void> {
  latestChoice.set(i18n, language);
  const namespaces = [i18n.options.ns ?? []].flat();
  if (!(await hasTexts(i18n, language, namespaces))) return;
  if (latestChoice.get(i18n) !== language) return;
  rememberLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * Keeps `<html lang>` equal to the UI language, for screen readers and hyphenation, and the page's
 * description in it too: index.html's is English, as the server cannot know the language (the
 * person's choice is remembered in this browser only: language.ts).
 */
function syncDocumentLanguage(instance: I18n): void {
  if (typeof document === 'undefined') return;
  const apply = () => {
    const language = currentLanguage(instance);
    document.documentElement.lang = language;
    // Loaded after the first render: the three languages' texts are no part of the first page's budget.
    void import('../../shared/web-app/manifest').then(({ appDescription }) =>
      document.head.querySelector('meta[name="description"]')?.setAttribute('content', appDescription(currentLanguage(instance))),
    );
  };
  apply();
  instance.on('languageChanged', apply);
}
