/** The public map's zoom range: shared with the server, which draws the map's first view. */
export { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '../../../../shared/map/map-view';
