import { describe, expect, it } from 'vitest';
import { joinCsvPages, csvPageUrl } from '../../../src/client/features/counters/api/download-counters-csv';
import { locationOf, type Counter } from '../../../src/client/features/counters/lib/counter';
import { filterCounters, sortCounters, sourcesOf } from '../../../src/client/features/counters/lib/counter-filters';
import { counterMapHref, parseCounterSearch } from '../../../src/client/features/counters/lib/counter-search';
import { formatTimestamp } from '../../../src/client/features/counters/lib/format';

function counter(overrides: Partial<Counter> & { id: number }): Counter {
  return {
    name: `Counter ${overrides.id}`,
    source: 'EcoCounter',
    sourceId: null,
    classifying: false,
    crsEpsg: 4326,
    municipalityCode: '091',
    dataReceived: true,
    firstStoredObservation: null,
    lastStoredObservation: null,
    location: { lat: 60.2, long: 24.9 },
    ...overrides,
  };
}

const counters = [
  counter({ id: 1, name: 'Baana', source: 'HEL LAM', sourceId: 30, lastStoredObservation: '2026-11-21T05:00:00+02:00' }),
  counter({ id: 2, name: 'Ääkkönen tie', source: 'EcoCounter', sourceId: 4, dataReceived: false }),
  counter({ id: 3, name: 'asematie 10', source: 'Fintraffic', sourceId: null, lastStoredObservation: '2025-01-01T00:00:00Z' }),
  counter({ id: 4, name: 'Asematie 9', source: 'EcoCounter', sourceId: 100, municipalityCode: '049', location: null }),
];

describe('counter filters', () => {
  it('filters by source, by receiving data, and by text in name, id, source id or municipality', () => {
    expect(filterCounters(counters, { source: 'EcoCounter', receiving: null }).map((c) => c.id)).toEqual([2, 4]);
    expect(filterCounters(counters, { source: null, receiving: 'no' }).map((c) => c.id)).toEqual([2]);
    expect(filterCounters(counters, { source: 'EcoCounter', receiving: 'yes' }).map((c) => c.id)).toEqual([4]);
    expect(filterCounters(counters, { source: null, receiving: null, text: 'ASEMATIE' }).map((c) => c.id)).toEqual([3, 4]);
    expect(filterCounters(counters, { source: null, receiving: null, text: '049' }).map((c) => c.id)).toEqual([4]);
    expect(filterCounters(counters, { source: null, receiving: null, text: '100' }).map((c) => c.id)).toEqual([4]);
  });

  it('lists the sources alphabetically, once each', () => {
    expect(sourcesOf(counters)).toEqual(['EcoCounter', 'Fintraffic', 'HEL LAM']);
  });
});

describe('sortCounters', () => {
  const collator = new Intl.Collator('fi', { numeric: true });
  const ids = (list: Counter[]) => list.map((c) => c.id);

  it('sorts names as people read them (case, numbers, Finnish letters)', () => {
    // "Asematie 9" before "asematie 10"; Ä after Z as in the Finnish alphabet.
    expect(ids(sortCounters(counters, 'name', 'asc', collator))).toEqual([4, 3, 1, 2]);
    expect(ids(sortCounters(counters, 'name', 'desc', collator))).toEqual([2, 1, 3, 4]);
  });

  it('puts missing values last in both directions', () => {
    expect(ids(sortCounters(counters, 'sourceId', 'asc', collator))).toEqual([2, 1, 4, 3]);
    expect(ids(sortCounters(counters, 'sourceId', 'desc', collator))).toEqual([4, 1, 2, 3]);
    expect(ids(sortCounters(counters, 'lastStoredObservation', 'desc', collator))).toEqual([1, 3, 2, 4]);
  });

  it('sorts booleans and keeps id order among ties', () => {
    expect(ids(sortCounters(counters, 'dataReceived', 'asc', collator))).toEqual([2, 1, 3, 4]);
    expect(ids(sortCounters(counters, 'source', 'asc', collator))).toEqual([2, 4, 3, 1]);
  });

  it('does not change the list it was given', () => {
    const before = ids(counters);
    sortCounters(counters, 'name', 'desc', collator);
    expect(ids(counters)).toEqual(before);
  });
});

describe('counter locations and links', () => {
  it('treats 0,0 and impossible points as unknown', () => {
    expect(locationOf([0, 0])).toBeNull();
    expect(locationOf([200, 60])).toBeNull();
    expect(locationOf(null)).toBeNull();
    expect(locationOf([24.9, 60.2])).toEqual({ lat: 60.2, long: 24.9 });
    // Only the exact placeholder: a counter on the equator or the meridian is still a place.
    expect(locationOf([0, 51.5])).toEqual({ lat: 51.5, long: 0 });
  });

  it('links a counter to the map with the layer on and the counter chosen', () => {
    const href = counterMapHref(counters[0]!);
    expect(href).toBe('/?counters=1&lat=60.2&long=24.9&zoom=16&counter=1');
    expect(parseCounterSearch(new URLSearchParams(href!.slice(2)))).toEqual({ enabled: true, source: null, receiving: null, selectedId: 1 });
    expect(counterMapHref(counters[3]!)).toBeNull();
  });
});

describe('formatTimestamp', () => {
  it("shows a time in the person's language and time zone", () => {
    const value = '2026-11-21T05:00:00+02:00';
    expect(formatTimestamp(value, 'fi', 'Europe/Helsinki')).toBe('21.11.2026 klo 5.00');
    expect(formatTimestamp(value, 'en', 'Europe/Helsinki')).toBe('21 Nov 2026, 05:00');
    expect(formatTimestamp(value, 'en', 'UTC')).toBe('21 Nov 2026, 03:00');
    expect(formatTimestamp(value, 'sv', 'Europe/Stockholm')).toMatch(/^21 nov\.? 2026 (kl\. )?0?4[.:]00$/);
    expect(formatTimestamp(null, 'en')).toBeNull();
    expect(formatTimestamp('not a time', 'en')).toBeNull();
  });
});

describe('CSV pages', () => {
  it('joins the pages into one file with one header', () => {
    const header = 'id,name,source\r\n';
    const joined = joinCsvPages([`${header}1,"A, b",X\r\n2,B,Y\r\n`, `${header}3,"multi\r\nline",Z\r\n`, header]);
    expect(joined).toBe(`${header}1,"A, b",X\r\n2,B,Y\r\n3,"multi\r\nline",Z\r\n`);
    expect(joinCsvPages([`${header}1,A,X`, `${header}2,B,Y`])).toBe(`${header}1,A,X\r\n2,B,Y\r\n`);
  });

  it("points at the service's CSV through the proxy", () => {
    expect(csvPageUrl(2)).toBe('/proxy/counters/?format=csv&page=2&page_size=1000');
  });
});
