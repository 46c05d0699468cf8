import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from './render-app';

// Pages load their code lazily; on a busy two-core machine that can take a few seconds.
const LOAD_TIMEOUT = 10_000;

/** An empty but well-formed proxy: no service types, no requests, no counters. */
function serveEmptyProxy() {
  return mockFetch((url) =>
    url.pathname.startsWith('/proxy/counters')
      ? jsonResponse({ count: 0, next: null, previous: null, results: { type: 'FeatureCollection', features: [] } })
      : jsonResponse([]),
  );
}

function mainNavigation(name = 'Main') {
  return within(screen.getByRole('navigation', { name }));
}

/** The names of the navigation links marked as the page shown (aria-current="page"). */
function currentLinks(navigationName?: string): string[] {
  return mainNavigation(navigationName)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '');
}

describe('app shell', { timeout: 20_000 }, () => {
  it('shows a not-found page inside the layout for unknown paths, with a way home', async () => {
    serveEmptyProxy();
    const { router } = renderApp({ path: '/no/such/page', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page not found – Kerro'));
    expect(currentLinks()).toEqual([]);

    await userEvent.click(screen.getByRole('link', { name: 'Go to the front page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reported problems on the map' }, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('has a skip link to the main landmark and labelled navigation', async () => {
    serveEmptyProxy();
    renderApp({ language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Reported problems on the map' }, { timeout: LOAD_TIMEOUT });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    const main = screen.getByRole('main');
    expect(skip.getAttribute('href')).toBe(`#${main.id}`);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('links the map, the report form and the counters, marking the page shown', async () => {
    serveEmptyProxy();
    const { router } = renderApp({ language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Reported problems on the map' }, { timeout: LOAD_TIMEOUT });
    const links = mainNavigation().getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Map', '/'],
      ['Report a problem', '/report'],
      ['Counters', '/counters'],
      ['My reports', '/account'],
    ]);
    expect(currentLinks()).toEqual(['Map']);

    await userEvent.click(mainNavigation().getByRole('link', { name: 'Report a problem' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Report a problem' }, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/report');
    expect(currentLinks()).toEqual(['Report a problem']);

    await userEvent.click(mainNavigation().getByRole('link', { name: 'Counters' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Traffic counters' }, { timeout: LOAD_TIMEOUT })).toBeTruthy();
    expect(currentLinks()).toEqual(['Counters']);

    await userEvent.click(mainNavigation().getByRole('link', { name: 'Map' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(currentLinks()).toEqual(['Map']);
  });

  it('marks no link on a page the navigation does not name, and translates the links', async () => {
    serveEmptyProxy();
    renderApp({ path: '/requests/123', language: 'fi' });
    const navigation = await screen.findByRole('navigation', { name: 'Päävalikko' });
    expect(within(navigation).getAllByRole('link').map((link) => link.textContent)).toEqual(['Kartta', 'Ilmoita ongelmasta', 'Laskurit', 'Omat ilmoitukset']);
    expect(currentLinks('Päävalikko')).toEqual([]);
  });
});
