/**
 * The counter panel promises only the traffic it can show (issue 25): no "Show traffic" for a
 * counter that never delivered, a range older than the last observation says so without asking,
 * and the period still in progress is left out of the chart.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../src/client/app/providers';
import { TrafficDisclosure } from '../../../src/client/features/counters/components/traffic-disclosure';
import { trafficQuery } from '../../../src/client/features/counters/api/get-traffic';
import type { Counter } from '../../../src/client/features/counters/lib/counter';
import { createQueryClient } from '../../../src/client/lib/query-client';
import { createTestI18n } from '../test-i18n';
import { jsonResponse, mockFetch } from '../render-app';

const day = 86_400_000;

const counterWith = (overrides: Partial<Counter>): Counter => ({
  id: 7,
  name: 'Baana 1 (demo)',
  source: 'EcoCounter',
  sourceId: null,
  classifying: false,
  crsEpsg: 4326,
  municipalityCode: '091',
  dataReceived: false,
  firstStoredObservation: null,
  lastStoredObservation: null,
  location: { lat: 60.17, long: 24.93 },
  ...overrides,
});

function renderDisclosure(counter: Counter) {
  const fetchMock = mockFetch(() => jsonResponse({ count: 0, next: null, previous: null, results: [] }));
  render(
    <AppProvider queryClient={createQueryClient()} i18n={createTestI18n('en')}>
      <TrafficDisclosure counter={counter} counterName={counter.name} />
    </AppProvider>,
  );
  return fetchMock;
}

describe('the traffic a counter panel offers', () => {
  it('offers no chart for a counter that never stored an observation, and says why', () => {
    renderDisclosure(counterWith({}));
    expect(screen.queryByRole('button', { name: 'Show traffic' })).toBeNull();
    expect(screen.getByText('This counter has not delivered any counts.')).toBeTruthy();
  });

  it('says when the last count was, instead of asking for a range that begins after it', async () => {
    const last = new Date(Date.now() - 200 * day).toISOString();
    const fetchMock = renderDisclosure(counterWith({ firstStoredObservation: new Date(Date.now() - 900 * day).toISOString(), lastStoredObservation: last }));
    await userEvent.click(screen.getByRole('button', { name: 'Show traffic' }));
    expect(await screen.findByText(/^No counts in this period: the latest is from /)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Last 90 days/ }));
    expect(await screen.findByText(/^No counts in this period: the latest is from /)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/observations/aggregate/'))).toEqual([]);
  });
});

describe('the traffic asked for', () => {
  it('leaves out the period in progress (today in the daily view, this hour in the hourly one), so it does not plot as a drop', async () => {
    const now = new Date();
    const localMidnight = (daysBack: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack).toISOString();
    const thisHour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    const row = (startTime: string) => ({ period: 'x', counterId: 7, startTime, direction: 'in', unit: 'pcs', aggregatedValue: 5 });
    const fetchMock = mockFetch((url) =>
      jsonResponse({
        count: 2,
        next: null,
        previous: null,
        results:
          url.searchParams.get('period') === 'day'
            ? [row(localMidnight(1)), row(localMidnight(0))]
            : [row(new Date(thisHour.getTime() - 3_600_000).toISOString()), row(thisHour.toISOString())],
      }),
    );
    const queryFn = (range: 'week' | 'quarter') => trafficQuery({ counterId: 7, measurementType: 'count', range }).queryFn!({ signal: new AbortController().signal } as never);
    expect((await queryFn('quarter')).map((r) => r.startTime)).toEqual([localMidnight(1)]);
    expect((await queryFn('week')).map((r) => r.startTime)).toEqual([new Date(thisHour.getTime() - 3_600_000).toISOString()]);
    // The daily view's 90 days end yesterday.
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 90);
    expect(asked.searchParams.get('start_date')).toBe(
      `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`,
    );
  });
});
