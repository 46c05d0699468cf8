import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  applySearchChanges,
  effectiveWindow,
  mapViewChanges,
  parseRequestFilters,
  requestFilterChanges,
  sameView,
} from '../../../src/client/features/map/lib/map-search';
import { parseMapTab, parseMapView } from '../../../src/shared/map/map-view';

const limits = { minZoom: 3, maxZoom: 19 };

describe('map URL state', () => {
  it('reads every filter from the query', () => {
    const params = new URLSearchParams('service=198,199,198&status=closed&from=2026-09-01&to=2026-09-30&near=60.17,24.94&radius=500&jurisdiction=espoo.fi');
    expect(parseRequestFilters(params)).toEqual({
      serviceCodes: ['198', '199'],
      status: 'closed',
      from: '2026-09-01',
      to: '2026-09-30',
      near: { lat: 60.17, long: 24.94, radius: 500 },
      jurisdiction: 'espoo.fi',
    });
  });

  it('drops values that make no sense instead of sending them to the API', () => {
    const params = new URLSearchParams('status=pending&from=2026-02-30&near=200,24&radius=500&service=,');
    expect(parseRequestFilters(params)).toEqual({ serviceCodes: [], status: null, from: null, to: null, near: null, jurisdiction: null });
    expect(parseRequestFilters(new URLSearchParams('near=60,24&radius=0')).near).toBeNull();
    expect(parseRequestFilters(new URLSearchParams('near=60,24&radius=200000')).near).toBeNull();
  });

  it('writes filters back so that reading them again gives the same filters', () => {
    const filters = parseRequestFilters(new URLSearchParams('service=1,2&status=open&from=2026-10-01&to=2026-10-31&near=60.123456789,24.5&radius=1000&jurisdiction=hel.fi'));
    const written = applySearchChanges(new URLSearchParams('lat=60&long=24&zoom=12&counters=1'), requestFilterChanges(filters));
    expect(parseRequestFilters(written)).toEqual({ ...filters, near: { lat: 60.12346, long: 24.5, radius: 1000 } });
    // Other parameters (the view, the counters layer) are kept.
    expect(written.get('counters')).toBe('1');
    expect(written.get('zoom')).toBe('12');
  });

  it('removes parameters of filters that are off', () => {
    const cleared = applySearchChanges(
      new URLSearchParams('service=1&status=open&from=2026-10-01&to=2026-10-31&near=60,24&radius=500&jurisdiction=hel.fi&zoom=12'),
      requestFilterChanges({ serviceCodes: [], status: null, from: null, to: null, near: null, jurisdiction: null }),
    );
    expect(cleared.toString()).toBe('zoom=12');
  });

  it('reads and writes the map view with rounded coordinates', () => {
    expect(parseMapView(new URLSearchParams('lat=60.1&long=24.9&zoom=13'), limits)).toEqual({ lat: 60.1, long: 24.9, zoom: 13 });
    expect(parseMapView(new URLSearchParams('lat=60.1&long=24.9'), limits)).toBeNull();
    expect(parseMapView(new URLSearchParams('lat=60.1&long=24.9&zoom=30'), limits)).toBeNull();
    expect(mapViewChanges({ lat: 60.123456789, long: 24.987654321, zoom: 14 })).toEqual({ lat: '60.12346', long: '24.98765', zoom: '14' });
    expect(sameView({ lat: 60.123451, long: 24.9, zoom: 14 }, { lat: 60.123449, long: 24.9, zoom: 14 })).toBe(true);
    expect(sameView({ lat: 60.1, long: 24.9, zoom: 14 }, { lat: 60.1, long: 24.9, zoom: 15 })).toBe(false);
  });

  it('knows the tab and counts the active filters', () => {
    expect(parseMapTab(new URLSearchParams('view=list'))).toBe('list');
    expect(parseMapTab(new URLSearchParams('view=other'))).toBe('map');
    expect(activeFilterCount(parseRequestFilters(new URLSearchParams('status=open&to=2026-01-01')))).toBe(2);
  });

  it('turns any dates in the URL into a window of at most 90 days', () => {
    const filters = parseRequestFilters(new URLSearchParams('from=2025-01-01&to=2026-11-21'));
    expect(effectiveWindow(filters, '2026-11-21')).toEqual({ from: '2026-08-24', to: '2026-11-21' });
  });
});
