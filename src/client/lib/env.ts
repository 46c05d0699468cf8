/**
 * Build-time settings of the web app (Vite's VITE_* variables), read and checked in this one
 * place. A bad value stops the app with a message naming the variable, instead of a map that
 * silently shows nothing.
 */
import { defaultMapCenter, defaultMapTileAttribution, defaultMapTileUrl, defaultMapZoom, parseMapCenter, parseMapZoom } from '../../shared/map/map-defaults';

export interface ClientEnv {
  /** Tile URL template with {z}, {x} and {y} (and optionally {s}, {r}). */
  mapTileUrl: string;
  /** HTML attribution the tile provider requires, shown in the map corner. */
  mapTileAttribution: string;
  /** Where the map opens before the person moves it: [lat, long]. */
  mapCenter: readonly [number, number];
  mapZoom: number;
}

export const defaultClientEnv: ClientEnv = {
  mapTileUrl: defaultMapTileUrl,
  mapTileAttribution: defaultMapTileAttribution,
  mapCenter: defaultMapCenter,
  mapZoom: defaultMapZoom,
};

export class ClientEnvError extends Error {
  override readonly name = 'ClientEnvError';
}

function text(raw: Record<string, unknown>, variable: string): string | undefined {
  const value = raw[variable];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function parseTileUrl(value: string): string {
  const placeholders = ['{z}', '{x}', '{y}'].filter((part) => !value.includes(part));
  const scheme = /^(https?:\/\/|\/)/.test(value);
  if (placeholders.length > 0 || !scheme) {
    throw new ClientEnvError(
      `VITE_MAP_TILE_URL must be an http(s) or root-relative URL template containing {z}, {x} and {y}; got "${value}"`,
    );
  }
  return value;
}

function parseCenter(value: string): [number, number] {
  const center = parseMapCenter(value);
  if (!center) throw new ClientEnvError(`VITE_MAP_CENTER must be "lat,long" in WGS84 degrees, such as 60.1699,24.9384; got "${value}"`);
  return center;
}

function parseZoom(value: string): number {
  const zoom = parseMapZoom(value);
  if (zoom === null) {
    throw new ClientEnvError(`VITE_MAP_ZOOM must be a whole number from 1 to 19; got "${value}"`);
  }
  return zoom;
}

/** Checks the raw variables; unset ones take the defaults (OpenStreetMap over Helsinki). */
export function parseClientEnv(raw: Record<string, unknown>): ClientEnv {
  const tileUrl = text(raw, 'VITE_MAP_TILE_URL');
  const attribution = text(raw, 'VITE_MAP_TILE_ATTRIBUTION');
  const center = text(raw, 'VITE_MAP_CENTER');
  const zoom = text(raw, 'VITE_MAP_ZOOM');
  return {
    mapTileUrl: tileUrl ? parseTileUrl(tileUrl) : defaultClientEnv.mapTileUrl,
    // A custom tile server without its own attribution still gets the map data's credit line.
    mapTileAttribution: attribution ?? defaultClientEnv.mapTileAttribution,
    mapCenter: center ? parseCenter(center) : defaultClientEnv.mapCenter,
    mapZoom: zoom ? parseZoom(zoom) : defaultClientEnv.mapZoom,
  };
}

let cached: ClientEnv | undefined;

/** The app's settings, parsed on first use. */
export function clientEnv(): ClientEnv {
  cached ??= parseClientEnv(import.meta.env as Record<string, unknown>);
  return cached;
}
