/**
 * Reports already made around the pin (issue 42, item 1): the map and the "Already reported?"
 * list show the same ones once a place is set, every type until one is chosen; choosing one on
 * the map offers following it or adding an update; offline or failing, both say they cannot.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followSpecification } from '../../../src/shared/georeport/follow';
import { jsonResponse } from '../render-app';
import { renderReport, serveReportApi, type NearbyRequestFixture } from './report-test-utils';

// Leaflet needs a real layout: this stand-in drops the pin and shows what the map was given to
// draw as buttons that choose a marker, as a click on one does.
vi.mock('../../../src/client/features/report/components/location-map', async () => {
  const { createElement, Fragment } = await import('react');
  return {
    default: (props: { onPin: (point: { lat: number; long: number }, how: string) => void; nearby: { service_request_id: string; lat?: number }[]; onChooseNearby: (id: string) => void }) =>
      createElement(
        Fragment,
        null,
        createElement('button', { type: 'button', onClick: () => props.onPin({ lat: 60.17012, long: 24.94021 }, 'click') }, 'Stub map: drop pin'),
        ...props.nearby.map((request) =>
          createElement('button', { key: request.service_request_id, type: 'button', onClick: () => props.onChooseNearby(request.service_request_id) }, `Stub marker ${request.service_request_id} at ${request.lat}`),
        ),
      ),
  };
});

const nearby: (NearbyRequestFixture & { lat: string; long: string; service_code: string })[] = [
  { service_request_id: 'near-1', service_code: '171', service_name: 'Potholes', description: 'Big hole', requested_datetime: '2025-03-04T10:00:00+02:00', address: 'Mannerheimintie 1', lat: '60.1702', long: '24.9405', extended_attributes: { title: 'Hole by the tram stop' } },
  { service_request_id: 'near-2', service_code: '172', service_name: 'Vandalism', description: 'Graffiti all over the bus shelter', requested_datetime: '2025-03-05T10:00:00+02:00', address: '', lat: '60.1712', long: '24.9399' },
];

/** The fake proxy: every nearby report, or those of the asked type; following offered; the listing can fail. */
function serve(options: { listing?: 'fails' } = {}) {
  const reportApi = serveReportApi();
  const handler = reportApi.getMockImplementation()!;
  reportApi.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/proxy/open311/v1/discovery.json') {
      return jsonResponse({ endpoints: [{ specification: 'http://wiki.open311.org/GeoReport_v2' }, { specification: followSpecification }] });
    }
    if (url.pathname === '/proxy/open311/v1/requests.json') {
      // As a browser's fetch does with no network.
      if (!navigator.onLine) throw new TypeError('Failed to fetch');
      if (options.listing === 'fails') return jsonResponse([{ code: 503, description: 'upstream unavailable' }], { status: 503 });
      const code = url.searchParams.get('service_code');
      return jsonResponse(nearby.filter((request) => code === null || request.service_code === code));
    }
    return handler(input, init);
  });
  return reportApi;
}

const listingQueries = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/proxy/open311/v1/requests.json');

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reports already made around the pin', { timeout: 20_000 }, () => {
  it('are listed and drawn once a place is set, every type before a type is chosen and the chosen type after', async () => {
    const user = userEvent.setup();
    const fetchMock = serve();
    await renderReport();
    expect(screen.getByText(/Once you have chosen the place, we check/)).toBeTruthy();
    expect(listingQueries(fetchMock)).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Stub map: drop pin' }));
    expect(await screen.findByText('2 open reports are already within 300 m:')).toBeTruthy();
    expect(Object.fromEntries(listingQueries(fetchMock)[0]!.searchParams)).toEqual({ lat: '60.17012', long: '24.94021', radius: '300', status: 'open', extensions: 'true', locale: 'en' });
    // Each with its type, since they are of every type; the map was given the same ones, placed.
    expect(screen.getByText('Vandalism · reported on 5 March 2025')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stub marker near-1 at 60.1702' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stub marker near-2 at 60.1712' })).toBeTruthy();
    expect(screen.getByText(/The orange rings on the map are 2 open reports already made nearby/)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /^Potholes/ }));
    expect(await screen.findByText('1 open report of this kind is already within 300 m:')).toBeTruthy();
    expect(listingQueries(fetchMock).at(-1)!.searchParams.get('service_code')).toBe('171');
    expect(screen.getByRole('link', { name: 'Hole by the tram stop' }).getAttribute('href')).toBe('/requests/near-1');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Stub marker near-2/ })).toBeNull());
  });

  it('chosen on the map, one shows under it with "Follow this one instead" and "Still there? Add an update"', async () => {
    const user = userEvent.setup();
    serve();
    await renderReport();
    await user.click(await screen.findByRole('button', { name: 'Stub map: drop pin' }));
    await user.click(await screen.findByRole('button', { name: /Stub marker near-2/ }));

    const chosen = screen.getByText('Already reported here:').closest('.nearby-choice') as HTMLElement;
    expect(within(chosen).getByRole('link', { name: 'Graffiti all over the bus shelter' }).getAttribute('href')).toBe('/requests/near-2');
    const follow = await within(chosen).findByRole('link', { name: 'Follow this one instead: Graffiti all over the bus shelter' });
    expect(follow.getAttribute('href')).toBe('/requests/near-2#follow');
    const update = within(chosen).getByRole('link', { name: 'Still there? Add an update with your photo: Graffiti all over the bus shelter' });
    expect(update.getAttribute('href')).toBe('/requests/near-2#add-update');
    // The list offers the same to the keyboard.
    expect(screen.getAllByRole('link', { name: /^Still there\? Add an update with your photo/ })).toHaveLength(3);

    await user.click(within(chosen).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Already reported here:')).toBeNull();
  });

  it('offline, the map and the list say they cannot show them now, and show them once the connection is back', async () => {
    const user = userEvent.setup();
    serve();
    await renderReport();
    setOnline(false);
    await user.click(await screen.findByRole('button', { name: 'Stub map: drop pin' }));
    expect(await screen.findByText('You are offline: the map cannot show reports already made here now.')).toBeTruthy();
    expect(screen.getByText('You are offline, so reports already made here cannot be shown now. You can still make your report.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Stub marker/ })).toBeNull();

    setOnline(true);
    expect(await screen.findByText('2 open reports are already within 300 m:')).toBeTruthy();
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('when the listing fails, the map says it cannot show them and the report can still be made', async () => {
    const user = userEvent.setup();
    serve({ listing: 'fails' });
    await renderReport();
    await user.click(await screen.findByRole('button', { name: 'Stub map: drop pin' }));
    expect(await screen.findByText('The map cannot show reports already made here right now. You can still make your report.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Earlier reports could not be checked right now. You can still send your report.')).toBeTruthy();
  });
});
