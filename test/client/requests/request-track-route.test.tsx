import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ServiceRequest } from '../../../src/shared/georeport/types';
import { jsonResponse, mockFetch, renderApp } from '../render-app';
import { serviceRequest } from './fixtures';
import { afterRetries } from '../retry-waits';

const detailPath = (id: string) => `/proxy/open311/v1/requests/${id}.json`;
const listPath = '/proxy/open311/v1/requests.json';

/**
 * A fake proxy: the detail endpoint knows `requests` (in the asked locale's names), the
 * listing holds only the published ones, as the real service does.
 */
function serveRequests({
  requests,
  published,
  namesByLocale = {},
}: {
  requests: ServiceRequest[];
  published: string[];
  namesByLocale?: Record<string, string>;
}) {
  return mockFetch((url) => {
    const locale = url.searchParams.get('locale') ?? 'en';
    const localized = (request: ServiceRequest) => ({ ...request, service_name: namesByLocale[locale] ?? request.service_name });
    if (url.pathname === listPath) {
      const ids = (url.searchParams.get('service_request_id') ?? '').split(',');
      return jsonResponse(requests.filter((r) => ids.includes(r.service_request_id) && published.includes(r.service_request_id)).map(localized));
    }
    const match = /^\/proxy\/open311\/v1\/requests\/([^/]+)\.json$/.exec(url.pathname);
    const found = match && requests.find((request) => request.service_request_id === decodeURIComponent(match[1]!));
    if (found) return jsonResponse([localized(found)]);
    return jsonResponse([{ code: 404, description: `service_request_id ${match?.[1]} not found` }], { status: 404 });
  });
}

describe('track page /requests/:id', () => {
  it('shows a published request in the UI language, asking with extensions and the locale', async () => {
    const request = serviceRequest({ extended_attributes: { detailed_status: 'IN_PROCESS,PUBLIC_WORKS_IN_PROGRESS' } });
    const fetchMock = serveRequests({ requests: [request], published: [request.service_request_id], namesByLocale: { fi: 'Katujen kunto' } });
    renderApp({ path: '/requests/req123abc', language: 'fi' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pothole on Mannerheimintie' })).toBeTruthy();
    expect(screen.getAllByText('Katujen kunto').length).toBeGreaterThan(0);
    expect(screen.getByText('Käsittelyssä · Kunnossapito työn alla')).toBeTruthy();
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([
      'Ilmoituksen valokuva 1/2',
      'Ilmoituksen valokuva 2/2',
    ]);
    expect(document.title).toBe('Pothole on Mannerheimintie – Kerro');

    const detailCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === detailPath('req123abc'))!;
    expect(detailCall.searchParams.get('extensions')).toBe('true');
    expect(detailCall.searchParams.get('locale')).toBe('fi');
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith(listPath))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Odottaa moderointia')).toBeNull();
  });

  it('says "waiting for moderation" when the listing does not hold the request yet', async () => {
    serveRequests({ requests: [serviceRequest()], published: [] });
    renderApp({ path: '/requests/req123abc', language: 'en' });
    expect(await screen.findByText('Waiting for moderation')).toBeTruthy();
    expect(screen.getByText(/It becomes public once a moderator has checked it\./)).toBeTruthy();
    // The notice sits with the request, which is still shown in full to whoever has the link.
    expect(screen.getByRole('heading', { level: 1, name: 'Pothole on Mannerheimintie' })).toBeTruthy();
    expect(screen.getByText('A deep pothole in the cycle lane.')).toBeTruthy();
  });

  it('shows a closed request with the city’s notes and the final step', async () => {
    const request = serviceRequest({
      status: 'closed',
      status_notes: 'Tack för anmälan. Reparationen är gjord.',
      extended_attributes: { detailed_status: 'PROCESSED,PUBLIC_WORKS_COMPLETED' },
    });
    serveRequests({ requests: [request], published: [request.service_request_id] });
    renderApp({ path: '/requests/req123abc', language: 'sv' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Stadens svar' })).toBeTruthy();
    expect(screen.getByText('Tack för anmälan. Reparationen är gjord.')).toBeTruthy();
    expect(document.querySelector('.request-details__status .status-badge')?.textContent).toBe('Status: Stängd');
    expect(screen.getByText('Behandlad · Underhållsarbete klart')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Behandlingens steg' }).querySelector('[aria-current="step"]')?.textContent).toBe(
      'Behandlad (klart)',
    );
  });

  it('says a closed request that never got published is not public (rejected by a moderator)', async () => {
    const request = serviceRequest({ status: 'closed', extended_attributes: { detailed_status: 'REJECTED' } });
    serveRequests({ requests: [request], published: [] });
    renderApp({ path: '/requests/req123abc', language: 'en' });
    expect(await screen.findByText('Not published')).toBeTruthy();
    expect(screen.queryByText('Waiting for moderation')).toBeNull();
  });

  it('shows a rejected request as rejected: no handling step that never happened, no green success', async () => {
    const request = serviceRequest({ status: 'closed', status_notes: 'Not the city’s land.', extended_attributes: { detailed_status: 'REJECTED' } });
    serveRequests({ requests: [request], published: [request.service_request_id] });
    renderApp({ path: '/requests/req123abc', language: 'en' });
    const steps = await screen.findByRole('list', { name: 'Handling steps' });
    expect([...steps.querySelectorAll('li')].map((step) => step.textContent)).toEqual(['Received (done)', 'Rejected (ended without handling)']);
    const badge = document.querySelector('.request-details__status .status-badge')!;
    expect(badge.classList.contains('status-badge--rejected')).toBe(true);
    expect(badge.classList.contains('status-badge--closed')).toBe(false);
  });

  it('writes the coordinates in the number format of the UI language', async () => {
    const request = serviceRequest({ lat: '60.18725', long: '24.94021' });
    serveRequests({ requests: [request], published: [request.service_request_id] });
    renderApp({ path: '/requests/req123abc', language: 'fi' });
    expect(await screen.findByText('Koordinaatit 60,18725, 24,94021')).toBeTruthy();
  });

  it('shows a clear not-found page with a way home for an unknown id', async () => {
    serveRequests({ requests: [], published: [] });
    const { router } = renderApp({ path: '/requests/nosuchid', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Report not found' })).toBeTruthy();
    expect(screen.getByText('No report was found with the ID nosuchid. Check that the link is complete.')).toBeTruthy();
    expect(document.title).toBe('Report not found – Kerro');
    await userEvent.click(screen.getByRole('link', { name: 'Go to the front page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows an error with a retry that loads the request when the service is back', async () => {
    let failing = true;
    const request = serviceRequest();
    mockFetch((url) => {
      if (failing) return jsonResponse([{ code: 400, description: 'backend down' }], { status: 400 });
      if (url.pathname === listPath) return jsonResponse([request]);
      return jsonResponse([request]);
    });
    renderApp({ path: '/requests/req123abc', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'The report could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong while loading the report.');

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pothole on Mannerheimintie' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a lost connection apart from a service error', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    // Network failures are retried twice before the page gives up.
    const message = await afterRetries(
      () => renderApp({ path: '/requests/req123abc', language: 'en' }),
      () => screen.getByText(/The service could not be reached/),
    );
    expect(message).toBeTruthy();
  });

  it('fetches the names again when the language changes, keeping the page on screen', async () => {
    const request = serviceRequest();
    serveRequests({ requests: [request], published: [request.service_request_id], namesByLocale: { en: 'Street condition', sv: 'Gatornas skick' } });
    renderApp({ path: '/requests/req123abc', language: 'en' });
    expect(await screen.findByText('Reported')).toBeTruthy();
    expect(screen.getAllByText('Street condition').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Svenska' }));
    expect((await screen.findAllByText('Gatornas skick')).length).toBeGreaterThan(0);
    expect(screen.getByText('Anmäld')).toBeTruthy();
  });

  it('looks the service name up in the service list when the request carries none', async () => {
    const request = serviceRequest({ service_name: '', extended_attributes: { title: '' } });
    const inner = serveRequests({ requests: [request], published: [request.service_request_id] });
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/proxy/open311/v1/services.json') {
        return jsonResponse([{ service_code: '171', service_name: url.searchParams.get('locale') === 'fi' ? 'Katujen kunto' : '?' }]);
      }
      return inner(url.href, init);
    });
    renderApp({ path: '/requests/req123abc', language: 'fi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Katujen kunto' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('services.json?locale=fi'))).toBe(true);
  });

  it('finds the name in a service list with an unusable entry, which the report form would refuse', async () => {
    const request = serviceRequest({ service_name: '', extended_attributes: { title: '' } });
    const inner = serveRequests({ requests: [request], published: [request.service_request_id] });
    mockFetch((url, init) => {
      if (url.pathname === '/proxy/open311/v1/services.json') {
        return jsonResponse([{ service_name: 'No code' }, { service_code: '171', service_name: 'Street condition' }]);
      }
      return inner(url.href, init);
    });
    renderApp({ path: '/requests/req123abc', language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Street condition' })).toBeTruthy();
  });
});

describe('track page: a request at a service object', () => {
  it('names the object from the registry when the request carries no address, not "Service point demo-park-9"', async () => {
    const request = serviceRequest({ address: '', lat: '60.1574', long: '24.956', extended_attributes: { service_object_id: 'demo-park-9', service_object_type: 'urn:kerro:service-objects' } });
    mockFetch((url) => {
      if (url.pathname === detailPath('req123abc') || url.pathname === listPath) return jsonResponse([request]);
      if (url.pathname === '/proxy/service-objects') {
        const names: Record<string, string> = { fi: 'Kaivopuisto', sv: 'Brunnsparken', en: 'Kaivopuisto park' };
        return jsonResponse({
          type: 'FeatureCollection',
          features: [
            { type: 'Feature', geometry: { type: 'Point', coordinates: [24.956, 60.1574] }, properties: { service_object_id: 'demo-park-8', name: 'Other park' } },
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [24.956, 60.1574] },
              properties: { service_object_id: 'demo-park-9', name: names[url.searchParams.get('locale') ?? 'en'] },
            },
          ],
        });
      }
      return jsonResponse([], { status: 404 });
    });
    renderApp({ path: '/requests/req123abc', language: 'sv' });
    expect(await screen.findByText('Brunnsparken')).toBeTruthy();
    expect(screen.queryByText(/demo-park-9/)).toBeNull();
  });
});
