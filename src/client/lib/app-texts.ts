import type { SupportedLocale } from '../../shared/locales';

/**
 * The namespaces every page uses. Each language's texts of these are a chunk of their own
 * (app-texts-<language>.ts), so a page downloads only the language it shows; a page's own
 * namespaces travel in that page's chunk instead, in every language (lazy-namespace.ts).
 */
export const appNamespaces = ['common', 'counters', 'map', 'requests'] as const;

export type AppTexts = Record<(typeof appNamespaces)[number], Record<string, unknown>>;

/** Each language's chunk; the type asks every language for every namespace. */
const loaders: Record<SupportedLocale, () => Promise<{ default: AppTexts }>> = {
  fi: () => import('./app-texts-fi'),
  sv: () => import('./app-texts-sv'),
  en: () => import('./app-texts-en'),
};

/**
 * One language's texts. Asking twice costs one download: the browser keeps each module once, so
 * the app (main.tsx) gets the very download the entry script (boot.ts) started.
 */
export async function loadAppTexts(language: SupportedLocale): Promise<AppTexts> {
  return (await loaders[language]()).default;
}
