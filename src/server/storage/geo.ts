/**
 * Great-circle distances on the mean Earth sphere (haversine), for every backend: the same
 * formula runs in SQL for request radius searches, so both backends agree on the boundary.
 */
export const earthRadiusMeters = 6_371_008.8;
const earthRadiusKm = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Half the central angle's haversine term, the part both units share. */
function centralAngle(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = radians(lat2 - lat1);
  const dLon = radians(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLon / 2) ** 2;
  return Math.asin(Math.min(1, Math.sqrt(a)));
}

export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return 2 * earthRadiusKm * centralAngle(lat1, lon1, lat2, lon2);
}

export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return 2 * earthRadiusMeters * centralAngle(lat1, lon1, lat2, lon2);
}

/**
 * How far a circle reaches in degrees, slightly generous on purpose: latitude on the sphere above,
 * longitude at the circle's latitude farthest from the equator, where a degree is shortest.
 * Infinity when the circle reaches a pole.
 */
export function degreeReach(latitude: number, radiusMeters: number): { latDelta: number; longDelta: number } {
  const latDelta = ((radiusMeters * 1.001) / earthRadiusMeters) * (180 / Math.PI);
  const widest = Math.abs(latitude) + latDelta;
  const longDelta = widest >= 90 ? Infinity : latDelta / Math.cos(radians(widest));
  return { latDelta, longDelta };
}

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  /** Absent when the box reaches a pole or wraps the antimeridian: then every longitude is a candidate. */
  longitudes?: { min: number; max: number };
}

/** A box that surely contains every point within the radius: the one filter every location search starts from. */
export function boundingBox(latitude: number, longitude: number, radiusKm: number): BoundingBox {
  return boxAround(latitude, longitude, radiusKm * 1000);
}

export function boxAround(latitude: number, longitude: number, radiusMeters: number): BoundingBox {
  const { latDelta, longDelta } = degreeReach(latitude, radiusMeters);
  const minLatitude = latitude - latDelta;
  const maxLatitude = latitude + latDelta;
  if (minLatitude <= -90 || maxLatitude >= 90) return { minLatitude: -90, maxLatitude: 90 };
  if (longDelta >= 180 || longitude - longDelta < -180 || longitude + longDelta > 180) return { minLatitude, maxLatitude };
  return { minLatitude, maxLatitude, longitudes: { min: longitude - longDelta, max: longitude + longDelta } };
}
