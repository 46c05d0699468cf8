import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ClusterLayer } from '../../../components/map/cluster-layer';
import type { MapPoint } from '../../../components/map/cluster-index';
import { requestClusterLook, requestMarkerLook } from '../../../components/map/request-looks';
import type { NearbyRequest } from '../api/get-nearby-requests';
import { nearbyTitle } from '../lib/nearby-request';

export interface NearbyLayerProps {
  requests: readonly NearbyRequest[];
  chosenId: string | null;
  onChoose: (id: string) => void;
}

/**
 * The reports already made around the pin, drawn and clustered as the home map draws open
 * reports. Only in the map's chunk. Not Tab stops: the list under "Already reported?" is the
 * keyboard's way to them, and Enter on the map keeps putting the pin.
 */
export function NearbyLayer({ requests, chosenId, onChoose }: NearbyLayerProps) {
  const { t } = useTranslation('report');
  const { byId, points } = useMemo(() => {
    const titles = new Map<string, string>();
    const located: MapPoint[] = [];
    for (const request of requests) {
      titles.set(request.service_request_id, nearbyTitle(request));
      if (request.lat !== undefined && request.long !== undefined) located.push({ id: request.service_request_id, lat: request.lat, long: request.long, flagged: true });
    }
    return { byId: titles, points: located };
  }, [requests]);
  const pointLook = useCallback(
    (id: string) => {
      const title = byId.get(id) ?? '';
      return requestMarkerLook({ open: true, title, label: t('nearby.marker', { title }) });
    },
    [byId, t],
  );
  const clusterLook = useCallback((count: number, openCount: number) => requestClusterLook(count, openCount, t('nearby.cluster', { count })), [t]);
  return <ClusterLayer points={points} pointLook={pointLook} clusterLook={clusterLook} selectedId={chosenId} onSelect={onChoose} keyboard={false} />;
}
