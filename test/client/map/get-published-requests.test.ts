import { describe, expect, it } from 'vitest';
import { API_PAGE_LIMIT, fetchPublishedRequests, type PublishedRequestQuery } from '../../../src/client/features/map/api/get-published-requests';
import { jsonResponse, mockFetch } from '../render-app';

const query: PublishedRequestQuery = {
  locale: 'fi',
  start_date: '2026-08-23T21:00:00Z',
  end_date: '2026-11-21T21:59:59Z',
  serviceCodes: ['198', '199'],
  status: 'open',
  near: { lat: 60.17, long: 24.94, radius: 500 },
  jurisdictionId: 'espoo.fi',
};

/** A fake GeoReport list: `total` requests one minute apart, newest first, 200 an answer. */
function fakeService(total: number, options: { sameSecond?: boolean } = {}) {
  const newest = Date.parse('2026-11-21T12:00:00Z');
  const all = Array.from({ length: total }, (_, i) => ({
    service_request_id: `r${i}`,
    status: 'open',
    status_notes: null,
    service_code: 198,
    service_name: 'Signs',
    description: 'A sign is broken',
    requested_datetime: new Date(options.sameSecond ? newest : newest - i * 60_000).toISOString().replace('.000Z', '+00:00'),
    updated_datetime: '2026-11-21T12:00:00+02:00',
    lat: '60.17',
    long: 24.94,
    extended_attributes: { title: `Request ${i}`, detailed_status: 'RECEIVED', media_urls: null },
  }));
  const seen: URL[] = [];
  const fetchMock = mockFetch((url) => {
    seen.push(url);
    const end = Date.parse(url.searchParams.get('end_date') ?? '');
    const answer = all.filter((request) => Date.parse(request.requested_datetime) <= end).slice(0, API_PAGE_LIMIT);
    return jsonResponse(answer);
  });
  return { fetchMock, seen };
}

describe('fetchPublishedRequests', () => {
  it('asks the proxy with every filter, in the locale, with extensions', async () => {
    const { seen } = fakeService(3);
    const result = await fetchPublishedRequests(query);
    expect(result.complete).toBe(true);
    expect(result.requests.map((request) => request.service_request_id)).toEqual(['r0', 'r1', 'r2']);
    expect(seen).toHaveLength(1);
    const url = seen[0]!;
    expect(url.pathname).toBe('/proxy/open311/v1/requests.json');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      extensions: 'true',
      locale: 'fi',
      start_date: query.start_date,
      end_date: query.end_date,
      service_code: '198,199',
      status: 'open',
      lat: '60.17',
      long: '24.94',
      radius: '500',
      jurisdiction_id: 'espoo.fi',
    });
  });

  it('normalises untidy fields (numbers, nulls) into the shared shape', async () => {
    fakeService(1);
    const [request] = (await fetchPublishedRequests(query)).requests;
    expect(request).toMatchObject({ service_code: '198', status_notes: '', long: '24.94', address: '' });
    expect(request?.extended_attributes?.media_urls).toEqual([]);
  });

  it('pages by end_date while answers come back full, with no duplicates, reporting progress', async () => {
    const { seen } = fakeService(450);
    const progress: number[] = [];
    const result = await fetchPublishedRequests(query, { onProgress: (loaded) => progress.push(loaded.length) });
    expect(result.complete).toBe(true);
    expect(result.requests).toHaveLength(450);
    expect(new Set(result.requests.map((request) => request.service_request_id)).size).toBe(450);
    expect(seen).toHaveLength(3);
    // The next answer starts at the oldest time already seen (inclusive), so nothing is skipped.
    expect(seen[1]!.searchParams.get('end_date')).toBe('2026-11-21T08:41:00Z');
    expect(seen.every((url) => url.searchParams.get('start_date') === query.start_date)).toBe(true);
    // Each later answer repeats the boundary request once; it is counted once.
    expect(progress).toEqual([200, 399, 450]);
  });

  it('stops at the page limit and says the list is not complete', async () => {
    const { seen } = fakeService(1000);
    const result = await fetchPublishedRequests(query, { maxPages: 2 });
    expect(seen).toHaveLength(2);
    expect(result.requests).toHaveLength(399);
    expect(result.complete).toBe(false);
  });

  it('does not loop when more than 200 requests share one second', async () => {
    const { seen } = fakeService(300, { sameSecond: true });
    const result = await fetchPublishedRequests(query);
    expect(seen).toHaveLength(2);
    expect(result.requests).toHaveLength(200);
    expect(result.complete).toBe(false);
  });

  it('fails with the API error when the proxy refuses', async () => {
    mockFetch(() => jsonResponse([{ code: 400, description: 'start_date to end_date may span at most 90 days' }], { status: 400 }));
    await expect(fetchPublishedRequests(query)).rejects.toMatchObject({ status: 400, message: 'start_date to end_date may span at most 90 days' });
  });
});
