/**
 * Which body a report goes to: among the bodies whose area covers its point, the most specific
 * (smallest area) that handles its service type. A department inside a city thus takes the types
 * it handles, and the city the rest.
 */
import type { BodyAtPoint, BodyRecord } from '../storage/repositories/bodies';

export type Assignment =
  | { body: BodyAtPoint }
  /** No body's area covers the point. */
  | { problem: 'outside' }
  /** Bodies cover the point, none handles the type: `body` is the most specific of them, to name. */
  | { problem: 'not-handled'; body: BodyAtPoint };

/** `bodiesAtPoint` as the store's `bodies.at()` answers: most specific first. */
export function assignBody(bodiesAtPoint: readonly BodyAtPoint[], serviceCode: string): Assignment {
  const mostSpecific = bodiesAtPoint[0];
  if (!mostSpecific) return { problem: 'outside' };
  const handling = bodiesAtPoint.find((body) => body.services.includes(serviceCode));
  return handling ? { body: handling } : { problem: 'not-handled', body: mostSpecific };
}

/** A body's name in a locale (fi, sv, en), English where the locale is none of those. */
export function bodyName(body: Pick<BodyRecord, 'names'>, locale: string): string {
  const language = locale.slice(0, 2).toLowerCase();
  return language === 'fi' || language === 'sv' ? body.names[language] : body.names.en;
}
