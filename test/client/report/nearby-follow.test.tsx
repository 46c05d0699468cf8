import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { followSpecification } from '../../../src/shared/georeport/follow';
import { jsonResponse } from '../render-app';
import { renderReport, serveReportApi } from './report-test-utils';

// Leaflet needs a real layout; a button stands in for the map, as in report-flow.test.tsx.
vi.mock('../../../src/client/features/report/components/location-map', async () => {
  const { createElement } = await import('react');
  return {
    default: (props: { onPin: (point: { lat: number; long: number }, how: string) => void }) =>
      createElement('button', { type: 'button', onClick: () => props.onPin({ lat: 60.17012, long: 24.94021 }, 'click') }, 'Stub map: drop pin'),
  };
});

const nearby = [
  { service_request_id: 'near-1', service_name: 'Potholes', description: 'Big hole', requested_datetime: '2025-03-04T10:00:00+02:00', address: '', extended_attributes: { title: 'Hole by the tram stop' } },
];

/** The report page's fake proxy, with a discovery document that does or does not announce following. */
function serve(followable: boolean) {
  const reportApi = serveReportApi({ nearby });
  const handler = reportApi.getMockImplementation()!;
  reportApi.mockImplementation(async (input, init) => {
    if (String(input).includes('/proxy/open311/v1/discovery.json')) {
      return jsonResponse({ endpoints: [{ specification: 'http://wiki.open311.org/GeoReport_v2' }, ...(followable ? [{ specification: followSpecification }] : [])] });
    }
    return handler(input, init);
  });
}

async function showNearby() {
  const user = userEvent.setup();
  await renderReport();
  await user.click(await screen.findByRole('radio', { name: /^Potholes/ }));
  await user.click(screen.getByRole('button', { name: 'Stub map: drop pin' }));
  await screen.findByText('1 open report of this kind is already within 300 m:');
}

describe('"Already reported?" offers following', { timeout: 20_000 }, () => {
  it('"Follow this one instead" leads to the follow form on the report\'s page', async () => {
    serve(true);
    await showNearby();
    const follow = await screen.findByRole('link', { name: 'Follow this one instead: Hole by the tram stop' });
    expect(follow.getAttribute('href')).toBe('/requests/near-1#follow');
  });

  it('not when the service behind the proxy has no following (a city\'s Open311)', async () => {
    serve(false);
    await showNearby();
    expect(screen.getByRole('link', { name: 'Hole by the tram stop' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /Follow this one instead/ })).toBeNull();
  });
});
