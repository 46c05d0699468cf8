import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from './render-app';

function serveEmptyProxy() {
  return mockFetch((url) =>
    url.pathname.startsWith('/proxy/counters')
      ? jsonResponse({ count: 0, next: null, previous: null, results: { type: 'FeatureCollection', features: [] } })
      : jsonResponse([]),
  );
}

/** The menu's panel (the navigation and the languages), by the button's aria-controls. */
function menuPanel(button: HTMLElement): HTMLElement {
  return document.getElementById(button.getAttribute('aria-controls')!)!;
}

/*
 * jsdom applies no media queries, so this checks the disclosure's state and keyboard behaviour;
 * that it folds on a phone and shows in the row on a wide screen is checked in Chromium
 * (test/e2e/home-map-first.test.ts).
 */
describe('header menu (navigation and languages behind one button on narrow screens)', () => {
  it('opens and closes by keyboard: Enter opens, Escape closes and puts focus back on the button', async () => {
    serveEmptyProxy();
    renderApp({ path: '/counters', language: 'fi' });
    await screen.findByRole('heading', { level: 1, name: 'Liikennelaskurit' });
    const button = await screen.findByRole('button', { name: 'Valikko' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menuPanel(button).className).toBe('site-menu');
    expect(menuPanel(button).contains(screen.getByRole('navigation', { name: 'Päävalikko' }))).toBe(true);
    expect(menuPanel(button).contains(screen.getByRole('button', { name: 'Svenska' }))).toBe(true);

    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menuPanel(button).className).toContain('site-menu--open');

    // Tab goes on into the menu; Escape from inside closes it and returns to the button.
    await userEvent.tab();
    expect(menuPanel(button).contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('closes when a page is chosen in it, and on a click outside it', async () => {
    serveEmptyProxy();
    const { router } = renderApp({ path: '/counters', language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Traffic counters' });
    const button = () => screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(button());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('link', { name: 'Report a problem' }));
    await screen.findByRole('heading', { level: 1, name: 'Report a problem' });
    expect(router.state.location.pathname).toBe('/report');
    expect(button().getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(button());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('heading', { level: 1, name: 'Report a problem' }));
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });
});
