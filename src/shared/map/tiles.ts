/**
 * Which map tiles cover a view and where they lie, computed as Leaflet does (L.CRS.EPSG3857,
 * 256-pixel tiles, L.TileLayer's URL template), so that tiles drawn before Leaflet arrives
 * (map-preview.ts) are the very images, at the very places, Leaflet then asks for.
 */
import type { MapView } from './map-view';

export const TILE_SIZE = 256;

/** How a map lays its tiles: each shown at `size` CSS pixels, from `zoomOffset` zooms further in than the map's. */
export interface TileGrid {
  size: number;
  zoomOffset: number;
}

/** Leaflet's default: the 256-pixel tile at the map's zoom. */
export const standardTileGrid: TileGrid = { size: TILE_SIZE, zoomOffset: 0 };

/**
 * Leaflet's detectRetina: four tiles from one zoom further in, each shown at 128 CSS pixels, so a
 * screen of more than one device pixel per CSS pixel shows a tile at or near its natural size
 * (a 256-pixel tile at 256 CSS pixels is blurred there, and Lighthouse's image-size-responsive fails).
 */
export const highDensityTileGrid: TileGrid = { size: TILE_SIZE / 2, zoomOffset: 1 };

/** The last zoom the tile server draws (OpenStreetMap's standard tiles: 19); closer, Leaflet enlarges its tiles. */
export const TILE_SERVER_MAX_ZOOM = 19;

/**
 * The grid a tile layer of the template uses: the high-density one on such a screen, unless the
 * template has images of its own for it ({r}: "@2x", which Leaflet fills in on such a screen and
 * the preview offers by srcset).
 */
export function tileLayerGrid(template: string, highDensity: boolean): TileGrid {
  return highDensity && !template.includes('{r}') ? highDensityTileGrid : standardTileGrid;
}

/**
 * The tiles a map at `zoom` shows: its layer's grid, but at the tile server's last zoom the
 * standard one: there the layer enlarges the last zoom's tiles (maxNativeZoom), which are the
 * standard grid's images at the standard grid's places.
 */
export function tileGridAt(template: string, zoom: number, highDensity: boolean): TileGrid {
  return zoom < TILE_SERVER_MAX_ZOOM ? tileLayerGrid(template, highDensity) : standardTileGrid;
}

// L.Projection.SphericalMercator and L.CRS.EPSG3857's transformation.
const EARTH_RADIUS = 6378137;
const MAX_LATITUDE = 85.0511287798;
const TRANSFORM_SCALE = 0.5 / (Math.PI * EARTH_RADIUS);

/** The point's place in the world's pixels at this zoom (L.CRS.EPSG3857.latLngToPoint). */
export function worldPixel(lat: number, long: number, zoom: number): { x: number; y: number } {
  const d = Math.PI / 180;
  const sin = Math.sin(Math.max(Math.min(MAX_LATITUDE, lat), -MAX_LATITUDE) * d);
  const projectedX = EARTH_RADIUS * long * d;
  const projectedY = (EARTH_RADIUS * Math.log((1 + sin) / (1 - sin))) / 2;
  const scale = TILE_SIZE * 2 ** zoom;
  return { x: scale * (TRANSFORM_SCALE * projectedX + 0.5), y: scale * (-TRANSFORM_SCALE * projectedY + 0.5) };
}

export interface PlacedTile {
  /** Tile coordinates as in the URL (x wrapped round the world, as Leaflet wraps it for EPSG:3857). */
  x: number;
  y: number;
  z: number;
  /** Its side on screen, in CSS pixels (the grid's). */
  size: number;
  /** The tile's top-left corner from the map box's centre, in CSS pixels. */
  left: number;
  top: number;
}

/**
 * The tiles that cover a box of `halfWidth` × `halfHeight` pixels either side of the view's centre,
 * in the grid given (standard unless told). Leaflet puts the map's top-left corner at the rounded
 * world pixel of (centre − half the box), so for a box of even size a tile lies at
 * (tile × size − round(centre)) from the box's centre; an odd size moves Leaflet's tiles by half a pixel.
 */
export function tilesAround(view: MapView, halfWidth: number, halfHeight: number, grid: TileGrid = standardTileGrid): PlacedTile[] {
  const centre = worldPixel(view.lat, view.long, view.zoom);
  const cx = Math.round(centre.x);
  const cy = Math.round(centre.y);
  const { size } = grid;
  const tilesPerSide = (TILE_SIZE * 2 ** view.zoom) / size;
  const first = (c: number, half: number) => Math.floor((c - half) / size);
  const last = (c: number, half: number) => Math.ceil((c + half) / size) - 1;
  const tiles: PlacedTile[] = [];
  for (let ty = first(cy, halfHeight); ty <= last(cy, halfHeight); ty += 1) {
    if (ty < 0 || ty >= tilesPerSide) continue; // no tiles beyond the poles
    for (let tx = first(cx, halfWidth); tx <= last(cx, halfWidth); tx += 1) {
      const x = ((tx % tilesPerSide) + tilesPerSide) % tilesPerSide;
      tiles.push({ x, y: ty, z: view.zoom + grid.zoomOffset, size, left: tx * size - cx, top: ty * size - cy });
    }
  }
  return tiles;
}

const leafletSubdomains = 'abc';
const placeholder = /\{ *([\w_ -]+) *\}/g;

/**
 * A tile's URL from the template as L.TileLayer builds it: {s} a subdomain picked by the tile's
 * coordinates, {r} "@2x" on a high-density screen (`retina`). Undefined for a template with a
 * placeholder Leaflet would not fill.
 */
export function tileUrl(template: string, tile: Pick<PlacedTile, 'x' | 'y' | 'z'>, retina: boolean): string | undefined {
  const values: Record<string, string> = {
    s: leafletSubdomains[Math.abs(tile.x + tile.y) % leafletSubdomains.length]!,
    x: String(tile.x),
    y: String(tile.y),
    z: String(tile.z),
    r: retina ? '@2x' : '',
  };
  let unknown = false;
  const url = template.replace(placeholder, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) unknown = true;
    return value ?? '';
  });
  return unknown ? undefined : url;
}
