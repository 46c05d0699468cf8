/**
 * The public map's state in the URL query, so a link reproduces what was seen:
 *   service=198,199  status=open|closed  from=YYYY-MM-DD  to=YYYY-MM-DD
 *   jurisdiction=espoo.fi          (one body's requests, by its jurisdiction_id)
 *   near=60.17,24.94  radius=500   (the "near me" search)
 *   lat=…  long=…  zoom=…          (the map view)
 *   request=<id>                   (the request shown in the side panel)
 *   view=list                      (the list alternative instead of the map)
 * Counter parameters (counters, source, receiving, counter) belong to the counters feature.
 */
import { requestStatuses, type RequestStatus } from '@/shared/georeport/detailed-status';
import { finiteNumber as finite, inRange, type MapView } from '@/shared/map/map-view';
import { isCalendarDate, normaliseWindow, type CalendarDate, type DateWindow } from './date-window';

export interface NearFilter {
  lat: number;
  long: number;
  radius: number;
}

export interface RequestFilters {
  serviceCodes: string[];
  status: RequestStatus | null;
  /** As written in the URL; null means "the default window" (the last 90 days). */
  from: CalendarDate | null;
  to: CalendarDate | null;
  near: NearFilter | null;
  /** One body's requests (its jurisdiction_id); null: every body's. */
  jurisdiction: string | null;
}

export const radiusChoices = [250, 500, 1000, 2000, 5000] as const;
export const MAX_RADIUS_METERS = 100_000;

function parseServiceCodes(text: string | null): string[] {
  if (!text) return [];
  return [...new Set(text.split(',').map((code) => code.trim()).filter(Boolean))];
}

function parseNear(params: URLSearchParams): NearFilter | null {
  const [latText = '', longText = ''] = (params.get('near') ?? '').split(',');
  const lat = finite(latText);
  const long = finite(longText);
  const radius = finite(params.get('radius'));
  if (!inRange(lat, -90, 90) || !inRange(long, -180, 180) || !inRange(radius, 1, MAX_RADIUS_METERS)) return null;
  return { lat: lat!, long: long!, radius: Math.round(radius!) };
}

export function parseRequestFilters(params: URLSearchParams): RequestFilters {
  const statusText = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  return {
    serviceCodes: parseServiceCodes(params.get('service')),
    status: (requestStatuses as readonly string[]).includes(statusText ?? '') ? (statusText as RequestStatus) : null,
    from: isCalendarDate(from) ? from : null,
    to: isCalendarDate(to) ? to : null,
    near: parseNear(params),
    jurisdiction: params.get('jurisdiction')?.trim() || null,
  };
}

/** The URL parameters the request filters are read from (and requestFilterChanges writes). */
const requestFilterParams = ['service', 'status', 'from', 'to', 'near', 'radius', 'jurisdiction'] as const;

/** Only the request filters' parameters, as a query string: the same for the same filters whatever else the URL holds. */
export function requestFilterQuery(params: URLSearchParams): string {
  return new URLSearchParams(
    requestFilterParams.flatMap((name) => {
      const value = params.get(name);
      return value === null ? [] : [[name, value]];
    }),
  ).toString();
}

/** How many filters are on (the date window counts when it is not the default one). */
export function activeFilterCount(filters: RequestFilters): number {
  return (
    (filters.serviceCodes.length > 0 ? 1 : 0) +
    (filters.status ? 1 : 0) +
    (filters.from || filters.to ? 1 : 0) +
    (filters.near ? 1 : 0) +
    (filters.jurisdiction ? 1 : 0)
  );
}

/** The window the filters stand for today: always a valid one of at most 90 days. */
export function effectiveWindow(filters: RequestFilters, today: CalendarDate): DateWindow {
  return normaliseWindow({ from: filters.from, to: filters.to }, today).window;
}

/** Six decimals is about 10 cm: enough for any view, short enough for a link. */
export function roundCoordinate(value: number, decimals = 5): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Values to set (null removes the parameter); every other parameter is kept as it was. */
export type SearchChanges = Record<string, string | null>;

export function applySearchChanges(params: URLSearchParams, changes: SearchChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export function requestFilterChanges(filters: RequestFilters): SearchChanges {
  return {
    service: filters.serviceCodes.length > 0 ? filters.serviceCodes.join(',') : null,
    status: filters.status,
    from: filters.from,
    to: filters.to,
    near: filters.near ? `${roundCoordinate(filters.near.lat)},${roundCoordinate(filters.near.long)}` : null,
    radius: filters.near ? String(filters.near.radius) : null,
    jurisdiction: filters.jurisdiction,
  };
}

export function mapViewChanges(view: MapView): SearchChanges {
  return { lat: String(roundCoordinate(view.lat)), long: String(roundCoordinate(view.long)), zoom: String(view.zoom) };
}

export function sameView(a: MapView | null, b: MapView | null): boolean {
  if (!a || !b) return a === b;
  return roundCoordinate(a.lat) === roundCoordinate(b.lat) && roundCoordinate(a.long) === roundCoordinate(b.long) && a.zoom === b.zoom;
}
