import type { ServiceRequest } from '../../../shared/georeport/types';
import { isBaseDetailedStatus, parseDetailedStatus, type BaseDetailedStatus } from '../../../shared/georeport/detailed-status';

/** What the page shows as the request's name: its title, else the service type's name. */
export function headlineOf(request: ServiceRequest): string {
  return request.extended_attributes?.title?.trim() || request.service_name.trim();
}

/** The detailed status values in order; without extensions, only open/closed is known. */
export function detailedStatusesOf(request: ServiceRequest): string[] {
  return parseDetailedStatus(request.extended_attributes?.detailed_status ?? '');
}

export function baseStatusOf(values: readonly string[]): BaseDetailedStatus | undefined {
  return values.find(isBaseDetailedStatus);
}

/**
 * Only http(s) URLs become links or images: the URLs come from an API that may be a city's,
 * and a `javascript:` address must never reach an href.
 */
export function isSafeMediaUrl(url: string): boolean {
  try {
    const parsed = new URL(url, globalThis.location?.href ?? 'http://localhost/');
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Every photo once, in order: the CitySDK list, else GeoReport's single media_url. */
export function mediaUrlsOf(request: ServiceRequest): string[] {
  const listed = request.extended_attributes?.media_urls ?? [];
  const all = listed.length > 0 ? listed : request.media_url ? [request.media_url] : [];
  return [...new Set(all)].filter(isSafeMediaUrl);
}

export interface Coordinates {
  lat: number;
  long: number;
}

/** lat/long arrive as strings (Helsinki's format); anything not a number is no location. */
export function coordinatesOf(request: ServiceRequest): Coordinates | undefined {
  if (request.lat === undefined || request.long === undefined) return undefined;
  if (request.lat.trim() === '' || request.long.trim() === '') return undefined;
  const lat = Number(request.lat);
  const long = Number(request.long);
  if (!Number.isFinite(lat) || !Number.isFinite(long) || Math.abs(lat) > 90 || Math.abs(long) > 180) return undefined;
  return { lat, long };
}
