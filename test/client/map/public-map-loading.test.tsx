import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp } from '../render-app';
import { fakeProxy } from './fixtures';

// Its own file: the map's code must not be loaded yet by an earlier test when this one starts.
describe('home page: the map loads after the page', () => {
  it('holds the map’s place with a loading status, while the filters and the count already work', async () => {
    const proxy = fakeProxy();
    mockFetch(proxy.handler);
    renderApp({ path: '/', language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Reported problems on the map' });

    const placeholder = screen.getByText('Loading the map…');
    expect(placeholder.closest('[role="status"]')).toBeTruthy();
    expect(placeholder.closest('.public-map__placeholder')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Filter the reports' })).toBeTruthy();

    expect(await screen.findByRole('application', { name: 'Map of reports' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Loading the map…')).toBeNull());
    expect(await screen.findByText(/^2 reports from/)).toBeTruthy();
  });
});
