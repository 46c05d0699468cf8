import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { followSpecification } from '../../../src/shared/georeport/follow';
import { jsonResponse, mockFetch, renderApp } from '../render-app';
import { serviceRequest } from './fixtures';

const history = [
  { kind: 'received', datetime: '2026-11-20T14:00:00+02:00', detailed_status: 'RECEIVED' },
  { kind: 'published', datetime: '2026-11-20T15:00:00+02:00', detailed_status: 'RECEIVED' },
  { kind: 'status', datetime: '2026-11-21T09:30:00+02:00', detailed_status: 'IN_PROCESS', note: 'Work starts on Monday.' },
  { kind: 'note', datetime: '2026-11-22T10:00:00+02:00', detailed_status: 'IN_PROCESS', note: 'Delayed by the weather.' },
];

/** A fake proxy for one published request; `discovery` is what discovery.json answers. */
function serve(discovery: unknown) {
  const request = serviceRequest({ extended_attributes: { detailed_status: 'IN_PROCESS', media_urls: [], history } as never });
  return mockFetch((url) => {
    if (url.pathname === '/proxy/open311/v1/discovery.json') return jsonResponse(discovery);
    if (url.pathname === '/proxy/open311/v1/requests.json') return jsonResponse([request]);
    if (url.pathname.endsWith('/followers.json')) return jsonResponse({ service_request_id: request.service_request_id, follower_count: 3 });
    return jsonResponse([request]);
  });
}

describe('the request page below the details', () => {
  it('shows the dated history with every note kept, and following when the service offers it', async () => {
    serve({ endpoints: [{ specification: 'http://wiki.open311.org/GeoReport_v2' }, { specification: followSpecification }] });
    renderApp({ path: '/requests/req123abc', language: 'en' });
    expect(await screen.findByRole('heading', { name: 'History' })).toBeTruthy();
    const entries = screen.getByRole('heading', { name: 'History' }).parentElement!.querySelectorAll('li');
    expect([...entries].map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Report received'),
      expect.stringContaining('Published on the map'),
      expect.stringMatching(/Status changed: Being handled.*Work starts on Monday\./),
      expect.stringMatching(/The city replied.*Delayed by the weather\./),
    ]);
    expect(await screen.findByText('3 people follow this report.')).toBeTruthy();
    expect(screen.getByLabelText('Your email address')).toBeTruthy();
  });

  it('offers no following when the upstream is a city\'s Open311 service (its discovery does not announce it)', async () => {
    const fetchMock = serve({ endpoints: [{ specification: 'http://wiki.open311.org/GeoReport_v2' }] });
    const { queryClient } = renderApp({ path: '/requests/req123abc', language: 'en' });
    expect(await screen.findByRole('heading', { name: 'History' })).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/discovery.json'))).toBe(true),
    );
    // The page decides on following from discovery's answer: wait until every query has settled.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('heading', { name: 'Follow this report' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/followers.json'))).toBe(false);
  });
});
