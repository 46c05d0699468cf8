import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceRequest } from '@/shared/georeport/types';
import { coordinatesOf, headlineOf } from '../../../components/request/request-fields';
import type { Bounds, MapPoint } from '../../../components/map/cluster-index';
import { requestClusterLook, requestMarkerLook } from '../../../components/map/request-looks';

export function boundsOf(points: readonly { lat: number; long: number }[]): Bounds | null {
  if (points.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const point of points) {
    west = Math.min(west, point.long);
    east = Math.max(east, point.long);
    south = Math.min(south, point.lat);
    north = Math.max(north, point.lat);
  }
  return { west, south, east, north };
}

/** The requests as a map layer: the points, the marker looks and the data's extent. */
export function useRequestLayer(requests: readonly ServiceRequest[]) {
  const { t } = useTranslation('map');
  const { byId, points } = useMemo(() => {
    const map = new Map<string, ServiceRequest>();
    const list: MapPoint[] = [];
    for (const request of requests) {
      map.set(request.service_request_id, request);
      const coordinates = coordinatesOf(request);
      if (coordinates) list.push({ id: request.service_request_id, ...coordinates, flagged: request.status === 'open' });
    }
    return { byId: map, points: list };
  }, [requests]);
  const bounds = useMemo(() => boundsOf(points), [points]);

  const pointLook = useCallback(
    (id: string) => {
      const request = byId.get(id);
      const isOpen = request?.status !== 'closed';
      const title = (request && headlineOf(request)) || t('panel.untitled');
      return requestMarkerLook({
        open: isOpen,
        title,
        label: t(isOpen ? 'markers.openRequest' : 'markers.closedRequest', { title }),
      });
    },
    [byId, t],
  );
  const clusterLook = useCallback(
    (count: number, openCount: number) => requestClusterLook(count, openCount, t('markers.requestCluster', { count, open: openCount })),
    [t],
  );
  return { byId, points, bounds, pointLook, clusterLook };
}
