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
