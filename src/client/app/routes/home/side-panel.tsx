import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CounterPanel } from '../../../features/counters/components/counter-panel';
import { MapLegend } from '../../../features/map/components/map-legend';
import { RequestPanel } from '../../../features/map/components/request-panel';
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
      <RequestPanel
        request={selectedRequest}
        onClose={search.closePanel}
        takeFocus={search.takesFocus('request', selectedRequest.service_request_id)}
      />
    );
  }
  if (selectedCounter) {
    return <CounterPanel counter={selectedCounter} onClose={search.closePanel} takeFocus={search.takesFocus('counter', String(selectedCounter.id))} />;
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
