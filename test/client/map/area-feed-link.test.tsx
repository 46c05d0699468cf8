import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from '../render-app';

describe("the home map's feed link", () => {
  it('points at the feed of the view the URL names, its radius fitting the zoom', async () => {
    mockFetch(() => jsonResponse([]));
    renderApp({ path: '/?lat=60.2095&long=25.143&zoom=16', language: 'en' });
    const link = await screen.findByRole('link', { name: 'Feed of reports here (Atom)' });
    expect(link.getAttribute('href')).toBe('/feeds/area.atom?lat=60.2095&long=25.143&radius=450');
    expect(link.getAttribute('type')).toBe('application/atom+xml');
  });

  it('follows the "near me" circle when one is chosen, at most the feed\'s 5 km, in the UI language', async () => {
    mockFetch(() => jsonResponse([]));
    renderApp({ path: '/?near=60.17,24.94&radius=10000&lat=60.17&long=24.94&zoom=15', language: 'sv' });
    const link = await screen.findByRole('link', { name: 'Flöde med anmälningar här (Atom)' });
    expect(link.getAttribute('href')).toBe('/feeds/area.atom?lat=60.17&long=24.94&radius=5000');
  });
});
