/**
 * Which body a report goes to: among the bodies whose area covers its point, the most specific
 * (smallest area) that handles its service type. A department inside a city thus takes the types
 * it handles, and the city the rest. The rule itself is shared with the app (shared/bodies/wire.ts).
 */
import { handlingBody } from '../../shared/bodies/wire';
import type { BodyAtPoint } from '../storage/repositories/bodies';

export { bodyName } from '../../shared/bodies/wire';

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
  const handling = handlingBody(bodiesAtPoint, serviceCode);
  return handling ? { body: handling } : { problem: 'not-handled', body: mostSpecific };
}
