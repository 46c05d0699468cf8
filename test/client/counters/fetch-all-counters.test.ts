import { describe, expect, it } from 'vitest';
import { fetchAllCounters, type CounterLoadProgress } from '../../../src/client/features/counters/api/fetch-all-counters';
import { getCountersPage } from '../../../src/client/features/counters/api/get-counters-page';
import { mapWithConcurrency } from '../../../src/client/features/counters/lib/bounded-pool';
import { jsonResponse, mockFetch } from '../render-app';

function feature(id: number, coordinates: [number, number] = [24.9 + id / 1e4, 60.2]) {
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Point', coordinates },
    properties: {
      id,
      name: `Counter ${id}`,
      source: id % 2 ? 'EcoCounter' : 'Fintraffic',
      sourceId: id % 3 ? id * 10 : null,
      classifying: id % 2 === 0,
      crsEpsg: 4326,
      municipalityCode: '091',
      dataReceived: id % 4 !== 0,
      firstStoredObservation: id % 5 ? '2021-07-03T17:00:00+03:00' : null,
      lastStoredObservation: id % 5 ? '2026-11-21T05:00:00+02:00' : null,
    },
  };
}

/** A counters service of `total` counters, answering page/page_size after a delay per page. */
function fakeCounterService(total: number, delayFor: (page: number) => number = () => 5) {
  let running = 0;
  let mostAtOnce = 0;
  const pagesAsked: number[] = [];
  mockFetch(async (url) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('page_size'));
    pagesAsked.push(page);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, delayFor(page)));
    running -= 1;
    const start = (page - 1) * size;
    if (start >= total && page > 1) return jsonResponse({ detail: 'Invalid page.' }, { status: 404 });
    const ids = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => start + i + 1);
    return jsonResponse({
      count: total,
      next: start + size < total ? `http://localhost/proxy/counters/?page=${page + 1}&page_size=${size}` : null,
      previous: page > 1 ? 'x' : null,
      results: { type: 'FeatureCollection', features: ids.map((id) => feature(id, id % 7 === 0 ? [0, 0] : undefined)) },
    });
  });
  return { pagesAsked, mostAtOnce: () => mostAtOnce };
}

const fetchPage = (page: number, pageSize: number, signal?: AbortSignal) => getCountersPage({ page, pageSize, signal });

describe('fetchAllCounters', () => {
  it('reads page 1 for the count, then every other page with at most 4 at once, in page order', async () => {
    // Later pages answer faster, so they arrive out of order.
    const service = fakeCounterService(2000, (page) => (page === 1 ? 5 : 40 - page));
    const progress: CounterLoadProgress[] = [];
    const counters = await fetchAllCounters({ fetchPage, pageSize: 100, concurrency: 4, onProgress: (p) => progress.push({ ...p }) });

    expect(counters).toHaveLength(2000);
    expect(counters.map((counter) => counter.id)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    expect(service.pagesAsked[0]).toBe(1);
    expect([...service.pagesAsked].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(service.mostAtOnce()).toBe(4);
    // Progress climbs a page at a time and ends at the count.
    expect(progress).toHaveLength(20);
    expect(progress[0]).toEqual({ loaded: 100, total: 2000 });
    expect(progress.map((p) => p.loaded)).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 100));
    expect(progress.at(-1)).toEqual({ loaded: 2000, total: 2000 });
  });

  it('works for a single page and for an empty service', async () => {
    fakeCounterService(30);
    expect(await fetchAllCounters({ fetchPage, pageSize: 100, concurrency: 4 })).toHaveLength(30);
    fakeCounterService(0);
    expect(await fetchAllCounters({ fetchPage, pageSize: 100, concurrency: 4 })).toEqual([]);
  });

  it('asks for page 2 together with page 1, and ignores it when it lies past the end', async () => {
    const service = fakeCounterService(1500, () => 20);
    const progress: CounterLoadProgress[] = [];
    const counters = await fetchAllCounters({ fetchPage, pageSize: 500, concurrency: 4, firstWave: 2, onProgress: (p) => progress.push({ ...p }) });
    expect(counters.map((counter) => counter.id)).toEqual(Array.from({ length: 1500 }, (_, i) => i + 1));
    // Pages 1 and 2 at once (page 1 first: it carries the count), then page 3: two round trips instead of three.
    expect(service.pagesAsked.slice(0, 2)).toEqual([1, 2]);
    expect(service.pagesAsked).toHaveLength(3);
    expect(progress.at(-1)).toEqual({ loaded: 1500, total: 1500 });

    const small = fakeCounterService(30);
    expect(await fetchAllCounters({ fetchPage, pageSize: 500, concurrency: 4, firstWave: 2 })).toHaveLength(30);
    expect(small.pagesAsked.sort()).toEqual([1, 2]);
  });

  it('follows the page size a service really uses when it ignores page_size', async () => {
    // A service with a fixed 100 a page, whatever is asked.
    const asked: number[] = [];
    mockFetch((url) => {
      const page = Number(url.searchParams.get('page'));
      asked.push(page);
      const ids = Array.from({ length: Math.max(0, Math.min(100, 350 - (page - 1) * 100)) }, (_, i) => (page - 1) * 100 + i + 1);
      if (ids.length === 0) return jsonResponse({ detail: 'Invalid page.' }, { status: 404 });
      return jsonResponse({ count: 350, next: page < 4 ? 'x' : null, previous: null, results: { type: 'FeatureCollection', features: ids.map((id) => feature(id)) } });
    });
    const counters = await fetchAllCounters({ fetchPage, pageSize: 1000, concurrency: 4, firstWave: 2 });
    expect(counters).toHaveLength(350);
    expect(new Set(counters.map((counter) => counter.id)).size).toBe(350);
    expect(asked.sort()).toEqual([1, 2, 3, 4]);
  });

  it('fails as a whole when one page fails', async () => {
    mockFetch((url) =>
      url.searchParams.get('page') === '3'
        ? jsonResponse({ detail: 'upstream down' }, { status: 502 })
        : jsonResponse({ count: 500, next: null, previous: null, results: { type: 'FeatureCollection', features: [feature(1)] } }),
    );
    await expect(fetchAllCounters({ fetchPage, pageSize: 100, concurrency: 2 })).rejects.toMatchObject({ status: 502, message: 'upstream down' });
  });
});

describe('getCountersPage', () => {
  it('unpacks features and turns the 0,0 placeholder into an unknown location', async () => {
    fakeCounterService(14);
    const page = await getCountersPage({ page: 1, pageSize: 100 });
    expect(page.count).toBe(14);
    const placeholder = page.counters.find((counter) => counter.id === 7);
    expect(placeholder?.location).toBeNull();
    expect(page.counters.filter((counter) => counter.location === null).map((counter) => counter.id)).toEqual([7, 14]);
    expect(page.counters[0]).toEqual({
      id: 1,
      name: 'Counter 1',
      source: 'EcoCounter',
      sourceId: 10,
      classifying: false,
      crsEpsg: 4326,
      municipalityCode: '091',
      dataReceived: true,
      firstStoredObservation: '2021-07-03T17:00:00+03:00',
      lastStoredObservation: '2026-11-21T05:00:00+02:00',
      location: { lat: 60.2, long: 24.9001 },
    });
  });

  it('reads untidy features leniently, leaves out those without an id, and refuses a page that is not one', async () => {
    const features = [
      { type: 'Feature', geometry: { coordinates: ['24.9', '60.2'] }, properties: { id: '3', name: null, sourceId: 'x', crsEpsg: null, municipalityCode: 91, lastStoredObservation: 5 } },
      { type: 'Feature', geometry: null, properties: { id: 'not a number' } },
      { type: 'Feature', geometry: { coordinates: [24.9] } },
      { type: 'Feature', geometry: 'junk', properties: { id: 4, dataReceived: 'yes' } },
    ];
    mockFetch(() => jsonResponse({ count: 2, next: '', previous: null, results: { type: 'FeatureCollection', features } }));
    const page = await getCountersPage({ page: 1, pageSize: 100 });
    expect(page.hasNext).toBe(false);
    expect(page.counters).toEqual([
      {
        id: 3,
        name: '',
        source: '',
        sourceId: null,
        classifying: false,
        crsEpsg: 4326,
        municipalityCode: '91',
        dataReceived: false,
        firstStoredObservation: null,
        lastStoredObservation: null,
        location: { lat: 60.2, long: 24.9 },
      },
      expect.objectContaining({ id: 4, dataReceived: false, location: null }),
    ]);

    mockFetch(() => jsonResponse({ count: -1, results: { features: [] } }));
    await expect(getCountersPage({ page: 1, pageSize: 100 })).rejects.toMatchObject({ kind: 'invalid-response' });
    mockFetch(() => jsonResponse([]));
    await expect(getCountersPage({ page: 1, pageSize: 100 })).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('asks the proxy with page and page_size', async () => {
    const asked: URL[] = [];
    mockFetch((url) => {
      asked.push(url);
      return jsonResponse({ count: 0, next: null, previous: null, results: { type: 'FeatureCollection', features: [] } });
    });
    await getCountersPage({ page: 3, pageSize: 250 });
    expect(asked[0]!.pathname).toBe('/proxy/counters/');
    expect(asked[0]!.searchParams.get('page')).toBe('3');
    expect(asked[0]!.searchParams.get('page_size')).toBe('250');
  });
});

describe('mapWithConcurrency', () => {
  it('never runs more than the limit and keeps the order of results', async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithConcurrency([30, 10, 20, 5, 15, 1], 3, async (ms, index) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return index;
    });
    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(3);
  });

  it('starts no new task after a failure', async () => {
    const started: number[] = [];
    await expect(
      mapWithConcurrency([1, 2, 3, 4, 5], 1, async (item) => {
        started.push(item);
        if (item === 2) throw new Error('boom');
        return item;
      }),
    ).rejects.toThrow('boom');
    expect(started).toEqual([1, 2]);
  });
});
