/**
 * The home page's state in the URL and the changes a person makes to it: the map feature's part
 * (request filters, map view, tab, chosen request) and the counters feature's part (the layer,
 * its filters, the chosen counter). Features do not import each other, so the two meet here.
 */
import { useCallback, useMemo, useState } from 'react';
import { counterSearchChanges, parseCounterSearch, type CounterSearch } from '../../../features/counters/lib/counter-search';
import { useMapSearch } from '../../../features/map/hooks/use-map-search';
import { localToday, windowToApiRange } from '../../../features/map/lib/date-window';
import { focusMarkerOrMap } from '../../../features/map/lib/focus-marker';
import {
  effectiveWindow,
  mapViewChanges,
  requestFilterChanges,
  type NearFilter,
  type RequestFilters,
} from '../../../features/map/lib/map-search';
import type { MapTab, MapView } from '@/shared/map/map-view';

/** Zoom used when the map moves to one chosen request or counter. */
const FOCUS_ZOOM = 16;

/** Zoom of the map around a "near me" position. */
const NEAR_ME_ZOOM = 14;

export type MapItemKind = 'request' | 'counter';

export function useHomeSearch() {
  const search = useMapSearch();
  const { filters, view, tab, selectedRequestId, update } = search;
  const counterSearch = useMemo(() => parseCounterSearch(search.params), [search.params]);
  const [today] = useState(localToday);
  // Kept while the filters are: the filter form is memoised on it.
  const dateWindow = useMemo(() => effectiveWindow(filters, today), [filters, today]);
  const range = windowToApiRange(dateWindow);
  const selectedCounterId = counterSearch.selectedId === null ? null : String(counterSearch.selectedId);

  // Keyboard focus goes to the side panel only when a person just chose that item (not on
  // back/forward or when a shared link opens).
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  const changeFilters = useCallback((next: RequestFilters) => update(requestFilterChanges(next)), [update]);
  const searchNearMe = useCallback(
    (near: NearFilter) =>
      update({ ...requestFilterChanges({ ...filters, near }), ...mapViewChanges({ lat: near.lat, long: near.long, zoom: NEAR_ME_ZOOM }) }),
    [filters, update],
  );
  const changeView = useCallback((next: MapView) => update(mapViewChanges(next), { replace: true }), [update]);
  const selectRequest = useCallback(
    (id: string | null) => {
      setFocusTarget(id === null ? null : `request:${id}`);
      update({ request: id, counter: null });
    },
    [update],
  );
  const selectCounter = useCallback(
    (id: string | null) => {
      setFocusTarget(id === null ? null : `counter:${id}`);
      update({ counter: id, request: null });
    },
    [update],
  );

  /** Closes the side panel; focus goes back to the item's marker, or to the map. */
  const closePanel = () => {
    if (selectedRequestId) {
      selectRequest(null);
      focusMarkerOrMap('map-marker--request', selectedRequestId);
    } else if (selectedCounterId !== null) {
      selectCounter(null);
      focusMarkerOrMap('map-marker--counter', selectedCounterId);
    }
  };

  /** From the list: back to the map, centred on the item, with the item chosen. */
  const showOnMap = (kind: MapItemKind, id: string, point: { lat: number; long: number }) => {
    setFocusTarget(`${kind}:${id}`);
    update({
      view: null,
      request: kind === 'request' ? id : null,
      counter: kind === 'counter' ? id : null,
      ...mapViewChanges({ ...point, zoom: Math.max(view?.zoom ?? 0, FOCUS_ZOOM) }),
    });
  };

  return {
    filters,
    view,
    tab,
    today,
    /** The date window in force: the URL's, or the default one. */
    dateWindow,
    /** The date window as the API's start_date and end_date. */
    range,
    counterSearch,
    selectedRequestId,
    selectedCounterId,
    /** Whether the side panel of this item should take keyboard focus as it opens. */
    takesFocus: (kind: MapItemKind, id: string) => focusTarget === `${kind}:${id}`,
    changeFilters,
    searchNearMe,
    changeView,
    /** Moves the map as a person asked (an address chosen): a history entry of its own. */
    moveMapTo: (next: MapView) => update(mapViewChanges(next)),
    changeTab: (next: MapTab) => update({ view: next === 'list' ? 'list' : null }),
    changeCounterSearch: (changes: Partial<CounterSearch>) => update(counterSearchChanges(changes)),
    selectRequest,
    selectCounter,
    closePanel,
    showOnMap,
  };
}

export type HomeSearch = ReturnType<typeof useHomeSearch>;
