import type { MapView } from '../../../shared/map/map-view';

/** Close enough to see the street and the blocks around it. */
const POINT_ZOOM = 16;

/**
 * The view a small map of one point opens on: the point in the middle. The map (point-map.tsx) and
 * its preview (point-map-preview.tsx) both take it from here, so the preview's tiles are the ones
 * Leaflet then draws over them.
 */
export const pointMapView = (lat: number, long: number): MapView => ({ lat, long, zoom: POINT_ZOOM });
