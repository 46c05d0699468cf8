import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from '../../src/client/lib/language';
import { jsonResponse, mockFetch, renderApp } from './render-app';
import { createTestI18n } from './test-i18n';

/** A proxy whose one service type is named in the language asked for; no requests yet. */
function serveNamesPerLocale() {
  return mockFetch((url) => {
    if (url.pathname !== '/proxy/open311/v1/services.json') return jsonResponse([]);
    const locale = url.searchParams.get('locale');
    const name = locale === 'fi' ? 'Katujen kunto' : locale === 'sv' ? 'Gatornas skick' : 'Street condition';
    return jsonResponse([
      { service_code: '171', service_name: name, description: '', metadata: false, type: 'realtime', keywords: '', group: 'G' },
    ]);
  });
}

/** The locales the service list was asked in, in order. */
function serviceListLocales(fetchMock: ReturnType<typeof serveNamesPerLocale>): (string | null)[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/services.json'))
    .map((url) => url.searchParams.get('locale'));
}

describe('language switcher', () => {
  it('switches the texts, the service names and <html lang>, and remembers the choice', async () => {
    const fetchMock = serveNamesPerLocale();
    renderApp({ language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported problems on the map' })).toBeTruthy();
    // The map's problem-type filter names the types in the UI language.
    expect(await screen.findByText('Street condition')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    const english = screen.getByRole('button', { name: 'English' });
    expect(english.getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Suomi' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ilmoitetut ongelmat kartalla' })).toBeTruthy();
    expect(await screen.findByText('Katujen kunto')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Kieli' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kartta' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suomi' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('false');
    expect(document.documentElement.lang).toBe('fi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fi');
    expect(serviceListLocales(fetchMock)).toEqual(['en', 'fi']);

    await userEvent.click(screen.getByRole('button', { name: 'Svenska' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('sv'));
    expect(screen.getByRole('heading', { level: 1, name: 'Anmälda problem på kartan' })).toBeTruthy();
    expect(await screen.findByText('Gatornas skick')).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sv');
  });

  it("puts the page's description in the UI language: index.html's is English (issue 42, item 5)", async () => {
    serveNamesPerLocale();
    document.head.insertAdjacentHTML('beforeend', '<meta name="description" content="Report a problem in your city: potholes, broken signs, litter." />');
    const descriptions = () => [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]')].map((meta) => meta.content);
    try {
      renderApp({ language: 'fi' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Ilmoitetut ongelmat kartalla' })).toBeTruthy();
      expect(descriptions()).toEqual(['Ilmoita kaupungille ongelmasta: kuopat, rikkinäiset kyltit, roskat.']);
      await userEvent.click(screen.getByRole('button', { name: 'Svenska' }));
      await waitFor(() => expect(descriptions()).toEqual(['Anmäl ett problem i staden: gropar, trasiga skyltar, skräp.']));
    } finally {
      document.head.querySelectorAll('meta[name="description"]').forEach((meta) => meta.remove());
    }
  });

  it('switches the report page too, with its own texts and the service names', async () => {
    serveNamesPerLocale();
    renderApp({ path: '/report', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Report a problem' })).toBeTruthy();
    expect(await screen.findByRole('radio', { name: 'Street condition' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Svenska' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmäl ett problem' })).toBeTruthy();
    expect(await screen.findByRole('radio', { name: 'Gatornas skick' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('sv');
  });

  it('switches to a language whose texts were not downloaded yet, once they are here', async () => {
    serveNamesPerLocale();
    // As the app starts: only its own language's texts.
    const { i18n } = renderApp({ language: 'en', languages: ['en'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported problems on the map' })).toBeTruthy();
    expect(i18n.hasResourceBundle('sv', 'common')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Svenska' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Anmälda problem på kartan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hoppa till huvudinnehållet' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('sv');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sv');
    expect(i18n.hasResourceBundle('fi', 'common')).toBe(false);
  });

  it('keeps the later choice when an earlier one is still downloading', async () => {
    serveNamesPerLocale();
    const { i18n } = renderApp({ language: 'en', languages: ['en', 'fi'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported problems on the map' })).toBeTruthy();

    // Both clicks land before the Swedish texts can arrive.
    fireEvent.click(screen.getByRole('button', { name: 'Svenska' }));
    fireEvent.click(screen.getByRole('button', { name: 'Suomi' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ilmoitetut ongelmat kartalla' })).toBeTruthy();
    await waitFor(() => expect(i18n.hasResourceBundle('sv', 'common')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.language).toBe('fi');
    expect(screen.getByRole('heading', { level: 1, name: 'Ilmoitetut ongelmat kartalla' })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fi');
  });

  it('starts in the remembered language on the next visit', async () => {
    serveNamesPerLocale();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fi');
    const { i18n } = renderApp();
    expect(i18n.language).toBe('fi');
    expect(await screen.findByText('Katujen kunto')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Siirry pääsisältöön' })).toBeTruthy();
  });

  it('each language button is marked with its own language for screen readers', () => {
    serveNamesPerLocale();
    renderApp({ language: 'en' });
    expect(screen.getByRole('button', { name: 'Suomi' }).getAttribute('lang')).toBe('fi');
    expect(screen.getByRole('button', { name: 'Svenska' }).getAttribute('lang')).toBe('sv');
  });
});

describe('language detection', () => {
  const storageWith = (value: string | null) => ({ getItem: () => value }) as unknown as Storage;

  it('prefers the remembered language, then the browser languages, then English', () => {
    expect(detectLanguage(storageWith('sv'), ['fi-FI'])).toBe('sv');
    expect(detectLanguage(storageWith('de'), ['de-DE', 'sv-FI', 'fi'])).toBe('sv');
    expect(detectLanguage(storageWith(null), ['fi_FI'])).toBe('fi');
    expect(detectLanguage(storageWith(null), ['de', 'fr'])).toBe('en');
    expect(detectLanguage(undefined, [])).toBe('en');
  });

  it('still works when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(detectLanguage(blocked, ['sv'])).toBe('sv');
  });

  it('does not store a detected language, only a chosen one', () => {
    createTestI18n();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});
