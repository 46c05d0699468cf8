import { TILE_SERVER_MAX_ZOOM, tileLayerGrid } from '../../../shared/map/tiles';

/** Whether this screen has more than one device pixel per CSS pixel, as Leaflet's L.Browser.retina asks. */
export const isHighDensityScreen = () => typeof window !== 'undefined' && window.devicePixelRatio > 1;

/**
 * A tile layer's options for a map that zooms up to `maxZoom`: on a high-density screen Leaflet's
 * detectRetina grid (shared/map/tiles.ts: 128-pixel tiles from one zoom further in, so a tile is
 * shown near its natural size), as the maps' previews draw it. Not detectRetina itself: it would
 * lower the layer's maxZoom by one, leaving the map's closest zoom without tiles; here the closest
 * zoom enlarges the tile server's last zoom instead (maxNativeZoom).
 */
export function tileLayerOptions(template: string, maxZoom: number, highDensity = isHighDensityScreen()) {
  const grid = tileLayerGrid(template, highDensity);
  if (grid.zoomOffset === 0) return { maxZoom };
  return { maxZoom, tileSize: grid.size, zoomOffset: grid.zoomOffset, maxNativeZoom: TILE_SERVER_MAX_ZOOM - grid.zoomOffset };
}
