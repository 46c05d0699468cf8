import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  applySearchChanges,
  parseMapTab,
  parseMapView,
  parseRequestFilters,
  type SearchChanges,
} from '../lib/map-search';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '../lib/map-limits';

/**
 * The map page's state, read from the URL query. Changes are written back with `update`:
 * filters and selections push a history entry (back undoes them); map moves replace the
 * current entry, so back does not step through every pan.
 */
export function useMapSearch() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseRequestFilters(params), [params]);
  const view = useMemo(() => parseMapView(params, { minZoom: MAP_MIN_ZOOM, maxZoom: MAP_MAX_ZOOM }), [params]);
  const tab = parseMapTab(params);
  const selectedRequestId = params.get('request')?.trim() || null;

  const update = useCallback(
    (changes: SearchChanges, options: { replace?: boolean } = {}) => {
      const replace = options.replace ?? false;
      setParams((current) => applySearchChanges(current, changes), {
        replace,
        preventScrollReset: true,
        // A person's change shows at once: in a transition, a controlled checkbox would spring
        // back until the URL update renders. Map moves can wait.
        flushSync: !replace,
      });
    },
    [setParams],
  );

  return { params, filters, view, tab, selectedRequestId, update };
}
