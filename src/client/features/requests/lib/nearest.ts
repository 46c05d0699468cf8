import type { ServiceRequest } from '@/shared/georeport/types';
import { coordinatesOf } from '../../../components/request/request-fields';

export interface NearbyProblem {
  request: ServiceRequest;
  distanceMeters: number;
}

// The sphere the server's radius search uses (server/storage/geo.ts), so both agree on who is within.
const earthRadiusMeters = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine) between two points, in metres. */
export function metersBetween(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLong = radians(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * earthRadiusMeters * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The reports around `from` other than `exceptId`, nearest first (then newest, as the listing
 * gave them), within `radiusMeters`, at most `limit`. One without a point cannot be placed, so
 * it is left out.
 */
export function nearestOthers(
  requests: readonly ServiceRequest[],
  from: { lat: number; long: number },
  exceptId: string,
  radiusMeters: number,
  limit: number,
): NearbyProblem[] {
  return requests
    .flatMap((request, order) => {
      const point = request.service_request_id === exceptId ? undefined : coordinatesOf(request);
      if (!point) return [];
      const distanceMeters = metersBetween(from, point);
      return distanceMeters <= radiusMeters ? [{ request, distanceMeters, order }] : [];
    })
    .sort((a, b) => a.distanceMeters - b.distanceMeters || a.order - b.order)
    .slice(0, limit)
    .map(({ request, distanceMeters }) => ({ request, distanceMeters }));
}
