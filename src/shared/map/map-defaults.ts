/**
 * The map's settings when the VITE_MAP_* variables are unset: the app builds them in
 * (client/lib/env.ts) and the server draws the map's first view from the same ones.
 */
export const defaultMapTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const defaultMapTileAttribution = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** Helsinki city centre: the embedded demo data is there. */
export const defaultMapCenter: readonly [number, number] = [60.1699, 24.9384];
export const defaultMapZoom = 14;

/** VITE_MAP_CENTER's "lat,long", or null when it is not one. */
export function parseMapCenter(text: string): [number, number] | null {
  const parts = text.split(',').map((part) => Number(part.trim()));
  const [lat, long] = parts;
  if (parts.length !== 2 || lat === undefined || long === undefined || !Number.isFinite(lat) || !Number.isFinite(long) || Math.abs(lat) > 90 || Math.abs(long) > 180) return null;
  return [lat, long];
}

/** VITE_MAP_ZOOM's whole number from 1 to 19, or null when it is not one. */
export function parseMapZoom(text: string): number | null {
  const zoom = Number(text);
  return text.trim() !== '' && Number.isInteger(zoom) && zoom >= 1 && zoom <= 19 ? zoom : null;
}
