import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderApp } from './render-app';
import { serviceRequest } from './requests/fixtures';

function serveProxy() {
  const request = serviceRequest();
  return mockFetch((url) => {
    if (url.pathname.startsWith('/proxy/counters')) {
      return jsonResponse({ count: 0, next: null, previous: null, results: { type: 'FeatureCollection', features: [] } });
    }
    if (url.pathname === `/proxy/open311/v1/requests/${request.service_request_id}.json`) return jsonResponse([request]);
    return jsonResponse([]);
  });
}

const mainNavigation = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('focus after a route change', () => {
  it('stays where the browser puts it on the first load', async () => {
    serveProxy();
    renderApp({ path: '/counters', language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Traffic counters' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(document.body);
  });

  it('moves from the navigation link to the new page’s main heading', async () => {
    serveProxy();
    renderApp({ path: '/', language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Reported problems on the map' });

    const link = mainNavigation().getByRole('link', { name: 'Counters' });
    await userEvent.click(link);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Traffic counters' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Focusable by script only: the heading is no extra stop for the Tab key.
    expect(heading.getAttribute('tabindex')).toBe('-1');

    await userEvent.click(mainNavigation().getByRole('link', { name: 'Report a problem' }));
    const reportHeading = await screen.findByRole('heading', { level: 1, name: 'Report a problem' });
    await waitFor(() => expect(document.activeElement).toBe(reportHeading));
  });

  it('follows a page whose heading changes once its data has arrived', async () => {
    serveProxy();
    const { router } = renderApp({ path: '/', language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Reported problems on the map' });
    await router.navigate('/requests/req123abc');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pothole on Mannerheimintie' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('leaves the focus alone when only the query changes (filters, map view)', async () => {
    serveProxy();
    const { router } = renderApp({ path: '/', language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Reported problems on the map' });
    const listTab = screen.getByRole('tab', { name: 'List' });
    await userEvent.click(listTab);
    await waitFor(() => expect(router.state.location.search).toBe('?view=list'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(listTab);
  });
});
