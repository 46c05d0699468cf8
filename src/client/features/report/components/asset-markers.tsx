import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ClusterLayer } from '../../../components/map/cluster-layer';
import type { MapPoint } from '../../../components/map/cluster-index';
import { clusterSize, shortCount, type MarkerLook } from '../../../components/map/marker-look';
import type { Asset } from '../api/asset-layers';
import { assetTitle } from '../lib/assets';

export interface AssetMarkersProps {
  assets: readonly Asset[];
  /** The layer's name, for the markers' labels ("Street lights"). */
  layerName: string;
  chosenId: string | null;
  onChoose: (id: string) => void;
}

// A blue diamond: unlike the reports' orange rings and green squares in shape as well as colour.
const assetSvg =
  '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path d="M12 2.5l9.5 9.5-9.5 9.5-9.5-9.5z" fill="#0a4d8c" stroke="#fff" stroke-width="2.2"/></svg>';

/**
 * The city's assets of the chosen type's layer (street lights, bins), for the resident to pick the
 * exact one. Only in the map's chunk. Not Tab stops: the list under the map is the keyboard's and
 * screen reader's way to them, and Enter on the map keeps putting the pin.
 */
export function AssetMarkers({ assets, layerName, chosenId, onChoose }: AssetMarkersProps) {
  const { t } = useTranslation('report');
  const { titles, points } = useMemo(
    () => ({
      titles: new Map(assets.map((asset) => [asset.id, assetTitle(asset)])),
      points: assets.map((asset): MapPoint => ({ id: asset.id, lat: asset.lat, long: asset.long, flagged: false })),
    }),
    [assets],
  );
  const pointLook = useCallback(
    (id: string): MarkerLook => ({ className: 'map-marker map-marker--asset', html: assetSvg, size: 26, label: titles.get(id) ?? id, title: titles.get(id) ?? id }),
    [titles],
  );
  const clusterLook = useCallback(
    (count: number): MarkerLook => ({
      className: 'map-cluster map-cluster--assets',
      html: `<span class="map-cluster__bubble"><span class="map-cluster__count">${shortCount(count)}</span></span>`,
      size: clusterSize(count),
      label: t('assets.cluster', { count, layer: layerName }),
    }),
    [t, layerName],
  );
  return <ClusterLayer points={points} pointLook={pointLook} clusterLook={clusterLook} selectedId={chosenId} onSelect={onChoose} keyboard={false} pane="assetsPane" />;
}
