import { lazy, Suspense, useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorNotice } from '../../components/ui/error-notice';
import { LoadingNotice } from '../../components/ui/loading-notice';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { currentLanguage } from '../../lib/i18n';
import { CounterLayerControls } from '../../features/counters/components/counter-layer-controls';
import { CounterList } from '../../features/counters/components/counter-list';
import { CounterPanel } from '../../features/counters/components/counter-panel';
import { CounterProgress } from '../../features/counters/components/counter-progress';
import { useAllCounters } from '../../features/counters/api/use-all-counters';
import { useCounterLayer } from '../../features/counters/hooks/use-counter-layer';
import { filterCounters, sourcesOf } from '../../features/counters/lib/counter-filters';
import { counterFilterCount, counterSearchChanges, parseCounterSearch } from '../../features/counters/lib/counter-search';
import { usePublishedRequests } from '../../features/map/api/get-published-requests';
import { useServiceTypeNames } from '../../features/map/api/get-service-types';
import { FiltersPanel } from '../../features/map/components/filters-panel';
import { MapLegend } from '../../features/map/components/map-legend';
import { MapTabs } from '../../features/map/components/map-tabs';
import { RequestFiltersForm } from '../../features/map/components/request-filters-form';
import { RequestList } from '../../features/map/components/request-list';
import { RequestPanel } from '../../features/map/components/request-panel';
import { RequestsSummary } from '../../features/map/components/requests-summary';
import { useMapSearch } from '../../features/map/hooks/use-map-search';
import { boundsOf, useRequestLayer } from '../../features/map/hooks/use-request-layer';
import { focusMarkerOrMap } from '../../features/map/lib/focus-marker';
import { localToday, windowToApiRange } from '../../features/map/lib/date-window';
import {
  activeFilterCount,
  effectiveWindow,
  mapViewChanges,
  requestFilterChanges,
  type MapView,
  type NearFilter,
  type RequestFilters,
} from '../../features/map/lib/map-search';
import '../../styles/map.css';
import '../../styles/counters.css';

// Leaflet and supercluster come with the map itself, so the filters, the counts and the list
// show before the map's code has arrived.
const PublicMap = lazy(() => import('../../features/map/components/public-map'));

/** Zoom used when the map moves to one chosen request or counter. */
const FOCUS_ZOOM = 16;

/** The home page: published requests (and, on request, traffic counters) on a map and as a list. */
export function HomeRoute() {
  const { t, i18n } = useTranslation('map');
  const { t: tc } = useTranslation('counters');
  const language = currentLanguage(i18n);
  useDocumentTitle(t('page.title'));
  const instructionsId = useId();

  const search = useMapSearch();
  const { filters, view, tab, selectedRequestId, update } = search;
  const counterSearch = useMemo(() => parseCounterSearch(search.params), [search.params]);
  const [today] = useState(localToday);
  const window = effectiveWindow(filters, today);
  const range = windowToApiRange(window);

  // Keyboard focus goes to the side panel only when a person just chose that item (not on
  // back/forward or when a shared link opens).
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  const serviceTypes = useServiceTypeNames(language);
  const requestsQuery = usePublishedRequests({
    locale: language,
    start_date: range.start_date,
    end_date: range.end_date,
    serviceCodes: filters.serviceCodes,
    status: filters.status,
    near: filters.near,
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

  const selectedRequest = selectedRequestId ? requestLayer.byId.get(selectedRequestId) : undefined;
  const selectedCounter =
    counterSearch.selectedId !== null ? counterLayer.byId.get(String(counterSearch.selectedId)) : undefined;

  const onFiltersChange = useCallback(
    (next: RequestFilters) => update(requestFilterChanges(next)),
    [update],
  );
  const onNearMe = useCallback(
    (near: NearFilter) =>
      update({ ...requestFilterChanges({ ...filters, near }), ...mapViewChanges({ lat: near.lat, long: near.long, zoom: 14 }) }),
    [filters, update],
  );
  const onViewChange = useCallback((next: MapView) => update(mapViewChanges(next), { replace: true }), [update]);
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
  const closePanel = () => {
    if (selectedRequestId) {
      selectRequest(null);
      focusMarkerOrMap('map-marker--request', selectedRequestId);
    } else if (counterSearch.selectedId !== null) {
      selectCounter(null);
      focusMarkerOrMap('map-marker--counter', String(counterSearch.selectedId));
    }
  };
  const showOnMap = (kind: 'request' | 'counter', id: string, point: { lat: number; long: number }) => {
    setFocusTarget(`${kind}:${id}`);
    update({
      view: null,
      request: kind === 'request' ? id : null,
      counter: kind === 'counter' ? id : null,
      ...mapViewChanges({ ...point, zoom: Math.max(view?.zoom ?? 0, FOCUS_ZOOM) }),
    });
  };

  const sidePanel = selectedRequest ? (
    <RequestPanel
      request={selectedRequest}
      onClose={closePanel}
      takeFocus={focusTarget === `request:${selectedRequest.service_request_id}`}
    />
  ) : selectedCounter ? (
    <CounterPanel
      counter={selectedCounter}
      onClose={closePanel}
      takeFocus={focusTarget === `counter:${selectedCounter.id}`}
    />
  ) : (
    <>
      {selectedRequestId && requestsQuery.isSuccess ? (
        <p className="map-panel__missing">
          {t('panel.notShown')}{' '}
          <Link to={`/requests/${encodeURIComponent(selectedRequestId)}`}>{t('panel.openTrackPage')}</Link>
        </p>
      ) : null}
      <MapLegend showCounters={counterSearch.enabled} />
    </>
  );

  const countersStatus = counterSearch.enabled ? (
    countersQuery.isError ? (
      <ErrorNotice
        message={tc('errors.load')}
        retryLabel={tc('errors.retry')}
        onRetry={() => void countersQuery.refetch()}
        retrying={countersQuery.isFetching}
      />
    ) : (
      <CounterProgress progress={countersQuery.progress} done={countersQuery.isSuccess} />
    )
  ) : null;

  return (
    <div className="page page--map">
      <div className="map-page__header">
        <div>
          <h1>{t('page.title')}</h1>
          <p className="map-page__intro">{t('page.intro')}</p>
        </div>
        <div className="map-page__actions">
          <Link to="/report" className="button button--primary map-page__report">
            {t('page.report')}
          </Link>
          <Link to="/counters" className="map-page__counters-link">
            {t('page.countersTable')}
          </Link>
        </div>
      </div>

      <FiltersPanel activeCount={activeFilterCount(filters) + counterFilterCount(counterSearch)}>
        <RequestFiltersForm
          filters={filters}
          window={window}
          today={today}
          serviceTypes={serviceTypes.data ?? []}
          onChange={onFiltersChange}
          onNearMe={onNearMe}
        />
        <CounterLayerControls
          enabled={counterSearch.enabled}
          onToggle={(enabled) => update(counterSearchChanges({ enabled, ...(enabled ? {} : { selectedId: null }) }))}
          sources={counterSources}
          source={counterSearch.source}
          onSourceChange={(source) => update(counterSearchChanges({ source }))}
          receiving={counterSearch.receiving}
          onReceivingChange={(receiving) => update(counterSearchChanges({ receiving }))}
        />
      </FiltersPanel>

      <div className="map-page__status">
        {requestsQuery.isError ? (
          <ErrorNotice
            message={t('errors.requests')}
            retryLabel={t('errors.retry')}
            onRetry={() => void requestsQuery.refetch()}
            retrying={requestsQuery.isFetching}
          />
        ) : requestsQuery.isPending && !requestsQuery.partial ? (
          <LoadingNotice message={t('status.loading')} />
        ) : (
          <RequestsSummary
            count={requests.length}
            onMap={requestLayer.points.length}
            window={window}
            complete={requestsQuery.partial ? true : (requestsQuery.data?.complete ?? true)}
            updating={requestsQuery.isFetching}
            loaded={requestsQuery.loaded}
          />
        )}
        {countersStatus}
        {tilesFailed ? <p className="map-page__tiles-note">{t('status.tilesFailed')}</p> : null}
      </div>

      <MapTabs
        tab={tab}
        onTabChange={(next) => update({ view: next === 'list' ? 'list' : null })}
        map={
          <div className="map-layout">
            <div className="map-layout__map">
              <p id={instructionsId} className="visually-hidden">
                {t('map.instructions')}
              </p>
              <Suspense
                fallback={
                  <div className="public-map__placeholder">
                    <LoadingNotice message={t('map.loading')} />
                  </div>
                }
              >
                <PublicMap
                  view={view}
                  onViewChange={onViewChange}
                  dataBounds={dataBounds}
                  near={filters.near}
                  label={t('map.label')}
                  instructionsId={instructionsId}
                  onTilesFailed={() => setTilesFailed(true)}
                  visible={tab === 'map'}
                  layers={[
                    ...(counterSearch.enabled
                      ? [
                          {
                            key: 'counters',
                            points: counterLayer.points,
                            pointLook: counterLayer.pointLook,
                            clusterLook: counterLayer.clusterLook,
                            selectedId: counterSearch.selectedId === null ? null : String(counterSearch.selectedId),
                            onSelect: selectCounter,
                          },
                        ]
                      : []),
                    {
                      key: 'requests',
                      points: requestLayer.points,
                      pointLook: requestLayer.pointLook,
                      clusterLook: requestLayer.clusterLook,
                      selectedId: selectedRequestId,
                      onSelect: selectRequest,
                      zIndexOffset: 500,
                    },
                  ]}
                />
              </Suspense>
            </div>
            <aside
              className="map-layout__panel"
              aria-label={t('panel.label')}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && (selectedRequest || selectedCounter)) {
                  event.preventDefault();
                  closePanel();
                }
              }}
            >
              {sidePanel}
            </aside>
          </div>
        }
        list={
          <div className="map-lists">
            <section aria-labelledby={`${instructionsId}-requests`}>
              <h2 id={`${instructionsId}-requests`}>{t('list.requestsHeading')}</h2>
              <RequestList
                requests={requests}
                onShowOnMap={(request) => {
                  const point = requestLayer.points.find((item) => item.id === request.service_request_id);
                  if (point) showOnMap('request', request.service_request_id, point);
                }}
              />
            </section>
            {counterSearch.enabled ? (
              <section aria-labelledby={`${instructionsId}-counters`}>
                <h2 id={`${instructionsId}-counters`}>{tc('list.heading')}</h2>
                <CounterList
                  counters={shownCounters}
                  emptyText={countersQuery.isSuccess ? tc('list.empty') : tc('progress.starting')}
                  onShowOnMap={(counter) => counter.location && showOnMap('counter', String(counter.id), counter.location)}
                />
              </section>
            ) : null}
          </div>
        }
      />

      {counterSearch.enabled && countersQuery.isSuccess ? (
        <section className="map-page__unlocated" aria-labelledby={`${instructionsId}-unlocated`}>
          <details>
            <summary className="disclosure">
              <h2 id={`${instructionsId}-unlocated`} className="map-page__unlocated-title">
                {tc('unlocated.heading', { count: counterLayer.unlocated.length })}
              </h2>
            </summary>
            <p>{tc('unlocated.explanation')}</p>
            <CounterList counters={counterLayer.unlocated} emptyText={tc('unlocated.none')} className="map-list--unlocated" />
          </details>
        </section>
      ) : null}
    </div>
  );
}
