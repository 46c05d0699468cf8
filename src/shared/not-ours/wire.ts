/**
 * A "not ours" place as the bodies read API answers it (`GET /bodies/v1/not-ours.json?lat=&long=&locale=`):
 * someone else maintains it, `message` (in the asked language) says whom to contact, and only
 * `allowed_services` are still reported here (none when empty).
 */
export interface NotOursWire {
  id: string;
  name: string;
  message: string;
  url: string | null;
  allowed_services: string[];
}

/** Whether a report of `serviceCode` may be sent at a not-ours place. */
export function allowedAt(place: { allowed_services: readonly string[] }, serviceCode: string): boolean {
  return place.allowed_services.includes(serviceCode);
}
