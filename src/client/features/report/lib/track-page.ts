/** The track page of a request (built by the requests feature). */
export const trackPagePath = (id: string) => `/requests/${encodeURIComponent(id)}`;
