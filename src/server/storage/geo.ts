/** Great-circle distances for the latitude/longitude/distance filter. */

const earthRadiusKm = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance in kilometres. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = radians(lat2 - lat1);
  const dLon = radians(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  /** Absent when the box reaches a pole or wraps the antimeridian: then every longitude is a candidate. */
  longitudes?: { min: number; max: number };
}

/** A box that surely contains every point within `radiusKm`, slightly generous on purpose. */
export function boundingBox(latitude: number, longitude: number, radiusKm: number): BoundingBox {
  const margin = 1.001;
  const dLat = ((radiusKm * margin) / earthRadiusKm) * (180 / Math.PI);
  const minLatitude = latitude - dLat;
  const maxLatitude = latitude + dLat;
  if (minLatitude <= -90 || maxLatitude >= 90) return { minLatitude: -90, maxLatitude: 90 };
  // The widest longitude span is at the latitude farthest from the equator.
  const widest = Math.max(Math.abs(minLatitude), Math.abs(maxLatitude));
  const dLon = dLat / Math.cos(radians(widest));
  if (dLon >= 180 || longitude - dLon < -180 || longitude + dLon > 180) return { minLatitude, maxLatitude };
  return { minLatitude, maxLatitude, longitudes: { min: longitude - dLon, max: longitude + dLon } };
}
