import { useCallback, useContext, useMemo, useRef } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigationType, useSearchParams } from 'react-router';
import {
  applySearchChanges,
  parseRequestFilters,
  requestFilterQuery,
  type SearchChanges,
} from '../lib/map-search';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, parseMapTab, parseMapView } from '@/shared/map/map-view';

/**
 * The map page's state, read from the URL query. Changes are written back with `update`:
 * filters and selections push a history entry (back undoes them); map moves replace the
 * current entry, so back does not step through every pan.
 */
export function useMapSearch() {
  const [params, setParams] = useSearchParams();
  // Read from the filters' own parameters only: a map move writes a new view into the URL, and the
  // filters (and all that is built from them: the data's query, the filter form) stay the same object.
  const filterQuery = requestFilterQuery(params);
  const filters = useMemo(() => parseRequestFilters(new URLSearchParams(filterQuery)), [filterQuery]);
  const view = useMemo(() => parseMapView(params, { minZoom: MAP_MIN_ZOOM, maxZoom: MAP_MAX_ZOOM }), [params]);
  const tab = parseMapTab(params);
  const selectedRequestId = params.get('request')?.trim() || null;

  // setSearchParams hands its function this render's query. Two changes before the next render
  // (the map settling as a person picks a filter) would then undo each other, so a change builds
  // on the last one written until the URL shows it, or back/forward shows another.
  const written = useRef<URLSearchParams | null>(null);
  const shownLocation = useLocation();
  const navigationType = useNavigationType();
  const shownKey = useRef(shownLocation.key);
  if (shownKey.current !== shownLocation.key) {
    shownKey.current = shownLocation.key;
    if (navigationType === 'POP' || params.toString() === written.current?.toString()) written.current = null;
  }

  // The router itself, to read a navigation in progress at the moment of writing (a render's copy may be stale).
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const shownPathname = shownLocation.pathname;

  const update = useCallback(
    (changes: SearchChanges, options: { replace?: boolean } = {}) => {
      // A link to another page was followed: its code is still loading (a pending navigation), or
      // it is already the router's location and only not yet on screen (its render is a
      // transition). Writing now (the map fitting data that just arrived, its view written once it
      // rests) would navigate here again and cancel it: a person who clicked "Report a problem" on
      // a slow connection would stay on the map.
      const elsewhere = (location?: { pathname: string }) => location !== undefined && location.pathname !== shownPathname;
      if (router && (elsewhere(router.state.location) || elsewhere(router.state.navigation.location))) return;
      const replace = options.replace ?? false;
      setParams(
        (current) => {
          const next = applySearchChanges(written.current ?? current, changes);
          written.current = next;
          return next;
        },
        {
          replace,
          preventScrollReset: true,
          // A person's change shows at once: in a transition, a controlled checkbox would spring
          // back until the URL update renders. Map moves can wait.
          flushSync: !replace,
        },
      );
    },
    [setParams, router, shownPathname],
  );

  return { params, filters, view, tab, selectedRequestId, update };
}
