/**
 * The Atom feeds' addresses and limits, shared by the server that answers them and the app that
 * links to them (the home map's "Feed of reports here", a request page's feed link).
 */
export const feedsPath = '/feeds';

/** The area feed's radius (metres): the default when none is given, and the largest accepted. */
export const defaultFeedRadiusMeters = 1000;
export const maxFeedRadiusMeters = 5000;

/** Coordinates to about a metre: a feed address stays the same for the same view. */
const roundedCoordinate = (value: number) => String(Math.round(value * 1e5) / 1e5);

export function areaFeedPath(area: { lat: number; long: number; radius: number }): string {
  const query = new URLSearchParams({ lat: roundedCoordinate(area.lat), long: roundedCoordinate(area.long), radius: String(Math.round(area.radius)) });
  return `${feedsPath}/area.atom?${query.toString()}`;
}

export const bodyFeedPath = (bodyId: string) => `${feedsPath}/bodies/${encodeURIComponent(bodyId)}.atom`;

export const requestFeedPath = (requestId: string) => `${feedsPath}/requests/${encodeURIComponent(requestId)}.atom`;

/** Metres per 256-pixel-tile pixel at zoom 0 on the equator (Web Mercator). */
const equatorMetresPerPixel = 156_543.03;

/**
 * The area feed's radius for a map view: about half a typical map box (`halfSidePixels`) at the
 * view's zoom and latitude, rounded to 50 m, from 100 m up to the feed's largest.
 */
export function feedRadiusForView(view: { lat: number; zoom: number }, halfSidePixels = 400): number {
  const metresPerPixel = (equatorMetresPerPixel * Math.cos((view.lat * Math.PI) / 180)) / 2 ** view.zoom;
  const radius = Math.round((metresPerPixel * halfSidePixels) / 50) * 50;
  return Math.min(maxFeedRadiusMeters, Math.max(100, radius));
}
