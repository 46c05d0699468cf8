/**
 * The map's view (centre and zoom) as the URL names it, and the view a map page opens with. Read
 * by the app (the map's state in the URL) and by the server, which writes the opening view's tiles
 * into the page (map-preview.ts): both must arrive at the very same view.
 */

export interface MapView {
  lat: number;
  long: number;
  zoom: number;
}

/** Zoom range of the public map: 3 shows a continent, 19 a single building. */
export const MAP_MIN_ZOOM = 3;
export const MAP_MAX_ZOOM = 19;

/** The home page shows its data as a map or, with `view=list` in the URL, as a list instead. */
export type MapTab = 'map' | 'list';

export function parseMapTab(params: URLSearchParams): MapTab {
  return params.get('view') === 'list' ? 'list' : 'map';
}

/** Without a view in the URL the map opens on the configured centre, no closer than this (the data's extent is fitted once it arrives). */
const DEFAULT_VIEW_MAX_ZOOM = 12;

/** A URL parameter's number, or null when it is missing or not a finite number. */
export const finiteNumber = (text: string | null): number | null => {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
};

export const inRange = (value: number | null, min: number, max: number) => value !== null && value >= min && value <= max;

export function parseMapView(params: URLSearchParams, limits: { minZoom: number; maxZoom: number }): MapView | null {
  const lat = finiteNumber(params.get('lat'));
  const long = finiteNumber(params.get('long'));
  const zoom = finiteNumber(params.get('zoom'));
  if (!inRange(lat, -85, 85) || !inRange(long, -180, 180) || !inRange(zoom, limits.minZoom, limits.maxZoom)) return null;
  return { lat: lat!, long: long!, zoom: Math.round(zoom!) };
}

/** The public map's first view: the URL's, else the configured centre at a zoom that shows the city. */
export function openingView(urlView: MapView | null, center: readonly [number, number], zoom: number): MapView {
  return urlView ?? { lat: center[0], long: center[1], zoom: Math.min(zoom, DEFAULT_VIEW_MAX_ZOOM) };
}

