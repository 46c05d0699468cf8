/**
 * The map tab of the home page: the map with its layers. Leaflet and supercluster come with the
 * map itself, so the filters, the counts and the list show before the map's code has arrived;
 * the map's place is held meanwhile (styles/map-first.css), so nothing moves when it comes.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AfterPaint } from '../../../components/ui/after-paint';
import { MapPreview } from '../../../components/map/map-preview';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { useCounterMapAttribution } from '../../../features/counters/hooks/use-counter-map-attribution';
import { MapAddressSearch } from './map-address-search';
import type { HomeSearch } from './use-home-search';
import type { MapLayers } from './use-map-layers';

const PublicMap = lazy(() => import('../../../features/map/components/public-map'));

export interface MapAreaProps {
  search: HomeSearch;
  layers: MapLayers;
  /** The id of the visually hidden instructions the map points to. */
  instructionsId: string;
  onTilesFailed: () => void;
}

export function MapArea({ search, layers, instructionsId, onTilesFailed }: MapAreaProps) {
  const { t } = useTranslation('map');
  const { counterSearch } = search;
  const { requestLayer, counterLayer } = layers;
  // The counter data's licence asks for its credit on the map while the layer is on.
  const counterAttribution = useCounterMapAttribution(counterSearch.enabled);
  // The opening view's tiles hold the map's place; the notice is for screen readers only.
  const placeholder = (
    <div className="public-map__placeholder">
      <MapPreview />
      <div className="visually-hidden">
        <LoadingNotice message={t('map.loading')} />
      </div>
    </div>
  );
  return (
    <div className="map-layout__map">
      <MapAddressSearch search={search} />
      <p id={instructionsId} className="visually-hidden">
        {t('map.instructions')}
      </p>
      <AfterPaint fallback={placeholder}>
        <Suspense fallback={placeholder}>
          <PublicMap
            view={search.view}
            onViewChange={search.changeView}
            dataBounds={layers.dataBounds}
            near={search.filters.near}
            label={t('map.label')}
            instructionsId={instructionsId}
            onTilesFailed={onTilesFailed}
            visible={search.tab === 'map'}
            layers={[
              ...(counterSearch.enabled
                ? [
                    {
                      key: 'counters',
                      points: counterLayer.points,
                      pointLook: counterLayer.pointLook,
                      clusterLook: counterLayer.clusterLook,
                      selectedId: search.selectedCounterId,
                      onSelect: search.selectCounter,
                      pane: 'counters',
                      attribution: counterAttribution,
                    },
                  ]
                : []),
              {
                key: 'requests',
                points: requestLayer.points,
                pointLook: requestLayer.pointLook,
                clusterLook: requestLayer.clusterLook,
                selectedId: search.selectedRequestId,
                onSelect: search.selectRequest,
                zIndexOffset: 500,
                // The residents' reports are what the map is for: always drawn over the counters.
                pane: 'requests',
              },
            ]}
          />
        </Suspense>
      </AfterPaint>
    </div>
  );
}
