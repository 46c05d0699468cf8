/**
 * The data on the home page's map: the published requests of the chosen filters and, with the
 * counters layer on, the traffic counters, each as a map layer, and the item each side panel shows.
 */
import { useMemo } from 'react';
import type { SupportedLocale } from '@/shared/locales';
import { useAllCounters } from '../../../features/counters/api/use-all-counters';
import { useCounterLayer } from '../../../features/counters/hooks/use-counter-layer';
import { filterCounters, sourcesOf } from '../../../features/counters/lib/counter-filters';
import { usePublishedRequests } from '../../../features/map/api/get-published-requests';
import { boundsOf, useRequestLayer } from '../../../features/map/hooks/use-request-layer';
import type { HomeSearch } from './use-home-search';

export function useMapLayers(locale: SupportedLocale, search: HomeSearch) {
  const { filters, range, counterSearch, selectedRequestId, selectedCounterId } = search;

  const requestsQuery = usePublishedRequests({
    locale,
    start_date: range.start_date,
    end_date: range.end_date,
    serviceCodes: filters.serviceCodes,
    status: filters.status,
    near: filters.near,
    jurisdictionId: filters.jurisdiction,
  });
  // What has arrived so far while a large window is still paging, else the finished list.
  const requests = useMemo(
    () => requestsQuery.partial ?? requestsQuery.data?.requests ?? [],
    [requestsQuery.partial, requestsQuery.data],
  );
  const requestLayer = useRequestLayer(requests);

  const countersQuery = useAllCounters({ enabled: counterSearch.enabled });
  const allCounters = useMemo(() => countersQuery.data ?? [], [countersQuery.data]);
  const counterSources = useMemo(() => sourcesOf(allCounters), [allCounters]);
  const shownCounters = useMemo(
    () => (counterSearch.enabled ? filterCounters(allCounters, { source: counterSearch.source, receiving: counterSearch.receiving }) : []),
    [allCounters, counterSearch.enabled, counterSearch.source, counterSearch.receiving],
  );
  const counterLayer = useCounterLayer(shownCounters);

  const dataBounds = useMemo(
    () => requestLayer.bounds ?? (counterLayer.points.length > 0 ? boundsOf(counterLayer.points) : null),
    [requestLayer.bounds, counterLayer.points],
  );

  return {
    requestsQuery,
    requests,
    requestLayer,
    countersQuery,
    counterSources,
    shownCounters,
    counterLayer,
    /** The extent of what is shown, for the map's first fit. */
    dataBounds,
    selectedRequest: selectedRequestId ? requestLayer.byId.get(selectedRequestId) : undefined,
    selectedCounter: selectedCounterId !== null ? counterLayer.byId.get(selectedCounterId) : undefined,
  };
}

export type MapLayers = ReturnType<typeof useMapLayers>;
