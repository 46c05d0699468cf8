/**
 * Following a request is a Kerro extension of GeoReport. A service that offers it lists an
 * endpoint with this specification in its discovery document; a city's own Open311 service does
 * not, and the web app then offers no following.
 */
export const followSpecification = 'urn:kerro:georeport:follow';

/** Whether a discovery document (as JSON) announces the follow extension. */
export function discoveryOffersFollowing(discovery: unknown): boolean {
  const endpoints = (discovery as { endpoints?: unknown } | null)?.endpoints;
  return Array.isArray(endpoints) && endpoints.some((endpoint) => (endpoint as { specification?: unknown } | null)?.specification === followSpecification);
}
