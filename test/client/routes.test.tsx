import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from './render-app';

describe('app shell', () => {
  it('shows a not-found page inside the layout for unknown paths, with a way home', async () => {
    mockFetch(() => jsonResponse([]));
    const { router } = renderApp({ path: '/no/such/page', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(document.title).toBe('Page not found – Kerro');

    await userEvent.click(screen.getByRole('link', { name: 'Go to the front page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Report a problem in your city' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('has a skip link to the main landmark and labelled navigation', async () => {
    mockFetch(() => jsonResponse([]));
    renderApp({ language: 'en' });
    await screen.findByRole('heading', { level: 1 });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    const main = screen.getByRole('main');
    expect(skip.getAttribute('href')).toBe(`#${main.id}`);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Report a problem' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('No problem types are available right now.')).toBeTruthy();
  });
});
