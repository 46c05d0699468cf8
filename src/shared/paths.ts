/** URL prefixes shared by the server routes and the browser client. */
export const paths = {
  georeport: '/open311/v1',
  counters: '/api/counters',
  media: '/media',
  proxyGeoreport: '/proxy/open311/v1',
  proxyCounters: '/proxy/counters',
  /** The counter service's API root through the proxy: observations, aggregate, sources. */
  proxyCountersApi: '/proxy/counters-api',
  proxyServiceObjects: '/proxy/service-objects',
  /** The bodies that handle reports (no key): this installation's own configuration. */
  bodies: '/bodies/v1',
  proxyBodies: '/proxy/bodies/v1',
  moderationApi: '/moderation/api',
  /** Residents signed in by email: their own reports, follows and settings. */
  residentsApi: '/residents/api',
} as const;
