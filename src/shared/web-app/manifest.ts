import { defaultLocale, type SupportedLocale } from '../locales';

/**
 * The installable app's description: one web app manifest per UI language, written by the build
 * (vite.config.ts) from this one place. Each has the same `id`, so the browser sees one app whose
 * names follow the language; the page links the manifest of the language it shows
 * (client/app/offline-app.tsx), index.html the default's.
 */

/** The brand colour (tokens.css --color-brand): the title bar and the browser's theme. */
export const appThemeColor = '#0a4d8c';
/** The page's background (tokens.css --color-background): the splash screen while the app starts. */
export const appBackgroundColor = '#f4f6f9';

export const manifestPath = (language: SupportedLocale) => `/manifest.${language}.webmanifest`;
export const defaultManifestPath = manifestPath(defaultLocale);

/** The icons under public/icons/, made from public/favicon.svg by scripts/make-app-icons.ts. */
export const appIcons = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

const names: Record<SupportedLocale, { name: string; description: string }> = {
  fi: { name: 'Kerro – palaute kaupungille', description: 'Ilmoita kaupungille ongelmasta: kuopat, rikkinäiset kyltit, roskat.' },
  sv: { name: 'Kerro – respons till staden', description: 'Anmäl ett problem i staden: gropar, trasiga skyltar, skräp.' },
  en: { name: 'Kerro – city feedback', description: 'Report a problem in your city: potholes, broken signs, litter.' },
};

/** What Kerro is for, in a language: the manifest's description and the page's `<meta name="description">`. */
export const appDescription = (language: SupportedLocale) => names[language].description;

export function webAppManifest(language: SupportedLocale) {
  return {
    id: '/',
    lang: language,
    dir: 'ltr',
    name: names[language].name,
    short_name: 'Kerro',
    description: names[language].description,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: appThemeColor,
    background_color: appBackgroundColor,
    icons: appIcons,
  };
}
