/** Zoom range of the public map: 3 shows a continent, 19 a single building. */
export const MAP_MIN_ZOOM = 3;
export const MAP_MAX_ZOOM = 19;
