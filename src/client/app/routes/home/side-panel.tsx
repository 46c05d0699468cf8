import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MapLegend } from '../../../features/map/components/map-legend';

// A chosen item's details come with its first choice, not with the first screen.
const RequestPanel = lazy(() => import('../../../features/map/components/request-panel').then((module) => ({ default: module.RequestPanel })));
const CounterPanel = lazy(() => import('../../../features/counters/components/counter-panel').then((module) => ({ default: module.CounterPanel })));
import type { HomeSearch } from './use-home-search';
import type { MapLayers } from './use-map-layers';

/**
 * Beside the map: the chosen request or counter, else the legend (and a way to the track page
 * when the chosen request is not among those shown).
 */
export function SidePanel({ search, layers }: { search: HomeSearch; layers: MapLayers }) {
  const { t } = useTranslation('map');
  const { selectedRequest, selectedCounter } = layers;
  if (selectedRequest) {
    return (
      <Suspense fallback={null}>
        <RequestPanel
          request={selectedRequest}
          onClose={search.closePanel}
          takeFocus={search.takesFocus('request', selectedRequest.service_request_id)}
        />
      </Suspense>
    );
  }
  if (selectedCounter) {
    return (
      <Suspense fallback={null}>
        <CounterPanel counter={selectedCounter} onClose={search.closePanel} takeFocus={search.takesFocus('counter', String(selectedCounter.id))} />
      </Suspense>
    );
  }
  return (
    <>
      {search.selectedRequestId && layers.requestsQuery.isSuccess ? (
        <p className="map-panel__missing">
          {t('panel.notShown')}{' '}
          <Link to={`/requests/${encodeURIComponent(search.selectedRequestId)}`}>{t('panel.openTrackPage')}</Link>
        </p>
      ) : null}
      <MapLegend showCounters={search.counterSearch.enabled} />
    </>
  );
}
