/**
 * The bodies read API (`GET /bodies/v1/bodies.json`, the app through `/proxy/bodies/v1/…`): what
 * the app needs of a body to name it and offer its types. Never its area or how its reports reach
 * it (`send` may hold a key).
 */
export interface BodyWire {
  id: string;
  jurisdiction_id: string;
  name: { fi: string; sv: string; en: string };
  /** The service codes it handles. */
  services: string[];
}

/**
 * Which body a report goes to: among the bodies covering its point (most specific first, as the
 * store's `bodies.at()` and the API's `?lat=&long=` answer them), the first that handles its
 * service type. The server assigns with this rule, and the app names the body before sending.
 */
export function handlingBody<Body extends { services: readonly string[] }>(bodiesAtPoint: readonly Body[], serviceCode: string): Body | undefined {
  return bodiesAtPoint.find((body) => body.services.includes(serviceCode));
}

/** A body's name in a locale (fi, sv, en), English where the locale is none of those. */
export function bodyName(body: { name: BodyWire['name'] } | { names: BodyWire['name'] }, locale: string): string {
  const names = 'name' in body ? body.name : body.names;
  const language = locale.slice(0, 2).toLowerCase();
  return language === 'fi' || language === 'sv' ? names[language] : names.en;
}
