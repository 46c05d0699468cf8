import type { SupportedLocale } from '../locales';
import { paths } from '../paths';

/**
 * One request as a request's page asks for it, through the proxy: with the CitySDK extensions and
 * the service name in the page's language. Built here only, so the server can preload the very
 * URL the app then fetches (server/route-preloads.ts).
 */
export function requestJsonUrl(id: string, locale: SupportedLocale): string {
  return `${paths.proxyGeoreport}/requests/${encodeURIComponent(id)}.json?extensions=true&locale=${locale}`;
}
