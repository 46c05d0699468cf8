/**
 * Which map tiles cover a view and where they lie, computed as Leaflet does (L.CRS.EPSG3857,
 * 256-pixel tiles, L.TileLayer's URL template), so that tiles drawn before Leaflet arrives
 * (map-preview.ts) are the very images, at the very places, Leaflet then asks for.
 */
import type { MapView } from './map-view';

export const TILE_SIZE = 256;

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
  /** The tile's top-left corner from the map box's centre, in CSS pixels. */
  left: number;
  top: number;
}

/**
 * The tiles that cover a box of `halfWidth` × `halfHeight` pixels either side of the view's centre.
 * Leaflet puts the map's top-left corner at the rounded world pixel of (centre − half the box), so
 * for a box of even size a tile lies at (tile × 256 − round(centre)) from the box's centre; an odd
 * size moves Leaflet's tiles by half a pixel.
 */
export function tilesAround(view: MapView, halfWidth: number, halfHeight: number): PlacedTile[] {
  const centre = worldPixel(view.lat, view.long, view.zoom);
  const cx = Math.round(centre.x);
  const cy = Math.round(centre.y);
  const tilesPerSide = 2 ** view.zoom;
  const first = (c: number, half: number) => Math.floor((c - half) / TILE_SIZE);
  const last = (c: number, half: number) => Math.ceil((c + half) / TILE_SIZE) - 1;
  const tiles: PlacedTile[] = [];
  for (let ty = first(cy, halfHeight); ty <= last(cy, halfHeight); ty += 1) {
    if (ty < 0 || ty >= tilesPerSide) continue; // no tiles beyond the poles
    for (let tx = first(cx, halfWidth); tx <= last(cx, halfWidth); tx += 1) {
      const x = ((tx % tilesPerSide) + tilesPerSide) % tilesPerSide;
      tiles.push({ x, y: ty, z: view.zoom, left: tx * TILE_SIZE - cx, top: ty * TILE_SIZE - cy });
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
