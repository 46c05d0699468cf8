/**
 * The home page's map as the page's HTML carries it: the tiles of the view the app will open with
 * (the URL's view, else the configured centre), placed where the app's map box will be
 * (styles/map-preview.css), so the imagery paints before any script and without JavaScript.
 */
import { defaultMapCenter, defaultMapTileUrl, defaultMapZoom, parseMapCenter } from '../shared/map/map-defaults';
import { homeMapBox, mapPreviewHtml, previewCredit } from '../shared/map/map-preview';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, openingView, parseMapTab, parseMapView } from '../shared/map/map-view';
import type { Config } from './config';

export type MapFrameSettings = Pick<Config, 'VITE_MAP_TILE_URL' | 'VITE_MAP_CENTER' | 'VITE_MAP_ZOOM' | 'VITE_MAP_TILE_ATTRIBUTION'>;

/** The frame's map for a page's query string (without the "?"). */
export function homeMapFrame(config: MapFrameSettings): (query: string) => string {
  const template = config.VITE_MAP_TILE_URL ?? defaultMapTileUrl;
  const center = (config.VITE_MAP_CENTER && parseMapCenter(config.VITE_MAP_CENTER)) || defaultMapCenter;
  const zoom = config.VITE_MAP_ZOOM ?? defaultMapZoom;
  const credit = previewCredit(config.VITE_MAP_TILE_ATTRIBUTION);
  return (query) => {
    const params = new URLSearchParams(query);
    // A link to the list: the map's panel stays hidden, its tiles would be fetched for nothing.
    if (parseMapTab(params) === 'list') return '';
    const view = openingView(parseMapView(params, { minZoom: MAP_MIN_ZOOM, maxZoom: MAP_MAX_ZOOM }), center, zoom);
    // The screen's density is not known yet: both grids, each shown and fetched only on its screens.
    const preview = mapPreviewHtml(view, template, credit, homeMapBox, 'any');
    return preview ? `<div class="map-frame">${preview}</div>` : '';
  };
}
