import { describe, expect, it } from 'vitest';
import { acceptLanguageTags } from '../../src/server/http/accept-language';
import { preferredLocale } from '../../src/shared/locales';

/** The language a request's page preloads its JSON in (route-preloads.ts): the one the app will pick from the browser's list. */
describe('Accept-Language to the page language', () => {
  it('orders the tags by quality, then as sent, leaving out q=0 and *', () => {
    expect(acceptLanguageTags('fi-FI,fi;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['fi-FI', 'fi', 'en-US', 'en']);
    expect(acceptLanguageTags('de;q=0.5, sv-FI, en;Q=0.8')).toEqual(['sv-FI', 'en', 'de']);
    expect(acceptLanguageTags('fi;q=0, *;q=0.5, sv;q=0.1')).toEqual(['sv']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags(' , ;q=1, en;q=abc')).toEqual([]);
  });

  it("takes the first of Kerro's languages, by its primary subtag, else English", () => {
    expect(preferredLocale(['de-DE', 'sv_FI', 'fi'])).toBe('sv');
    expect(preferredLocale(['FI'])).toBe('fi');
    expect(preferredLocale(['de', 'fr'])).toBe('en');
    expect(preferredLocale([])).toBe('en');
  });
});
