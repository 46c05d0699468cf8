import type { CounterProperties } from '@/shared/counters/wire';

/** A counter as the app uses it: the GeoJSON feature's properties, with its point unpacked. */
export interface Counter extends CounterProperties {
  /** null when the service gives the 0,0 placeholder: the location is not known. */
  location: { lat: number; long: number } | null;
}

/**
 * 0,0 is the placeholder some counters carry instead of a location (a point in the Gulf of
 * Guinea, never a real counter of this service); so is a point outside WGS84's range.
 */
export function locationOf(coordinates: readonly [number, number] | null | undefined): Counter['location'] {
  if (!coordinates) return null;
  const [long, lat] = coordinates;
  if (!Number.isFinite(long) || !Number.isFinite(lat)) return null;
  if (long === 0 && lat === 0) return null;
  if (Math.abs(lat) > 90 || Math.abs(long) > 180) return null;
  return { lat, long };
}
