/**
 * The Content Security Policy of the web app and every API answer. The app is built by Vite with
 * no inline script or style, so 'self' is enough for both; React and Leaflet set styles through
 * the CSSOM, which style-src does not restrict. Photos previewed before upload are blob: URLs,
 * Leaflet's own icons data: URLs, map tiles come from the tile server's origin, and the photos of
 * another city's GeoReport service from that service's origin. The service worker (/sw.js, our
 * origin) runs under the policy it was served with: it keeps recently seen tiles by fetching them,
 * so the tile server is a connect-src too.
 */

import { tileImageSource } from '../../shared/map/tile-template';

/**
 * The origin of another city's GeoReport service (OPEN311_URL), whose answers' media_url and
 * media_urls name photos on its own host. The page shows them from there: the proxy passes
 * listings on untouched (compressed, tagged), so it does not rewrite their photo links, and
 * streaming every photo through this server would double their traffic. Only that one origin is
 * admitted: a photo link naming any other host (a resident's own media_url) stays unshown.
 */
export function upstreamMediaSource(open311Url: string | undefined): string | undefined {
  if (!open311Url) return undefined;
  try {
    return new URL(open311Url).origin;
  } catch {
    return undefined;
  }
}

export function appCspDirectives(tileTemplate: string, open311Url?: string): Record<string, string[]> {
  const tiles = tileImageSource(tileTemplate);
  const photos = upstreamMediaSource(open311Url);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...(photos ? [photos] : [])],
    'connect-src': ["'self'", ...(tiles ? [tiles] : [])],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'font-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export function appCspHeader(tileTemplate: string, open311Url?: string): string {
  return Object.entries(appCspDirectives(tileTemplate, open311Url))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
