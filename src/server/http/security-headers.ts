import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { paths } from '../../shared/paths';
import { defaultMapTileUrl } from '../../shared/map/map-defaults';
import { appCspDirectives } from './content-security-policy';

/** Public read APIs and photos: other sites' GeoReport clients and maps may embed them. */
const crossOriginPrefixes = [paths.georeport, paths.counters, paths.media, paths.bodies];

function isCrossOriginResource(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return crossOriginPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Security headers on every answer (helmet, set when the request arrives). A route that sets its
 * own header later wins, which is how the counters' browsable page and the media files keep their
 * stricter CSPs and the counters API its `Access-Control-Allow-Origin: *`.
 *
 * - CSP: see content-security-policy.ts; framing forbidden (frame-ancestors, X-Frame-Options).
 * - Referrer-Policy strict-origin-when-cross-origin: tile servers such as OpenStreetMap's require
 *   a Referer, and only our origin, never a path with a request id, leaves the site.
 * - HSTS only when the public URL is https, so a plain-http installation on a LAN keeps working.
 * - Cross-Origin-Resource-Policy: same-origin except for the public APIs and photos.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'VITE_MAP_TILE_URL' | 'OPEN311_URL'>,
): Promise<void> {
  const https = config.PUBLIC_BASE_URL?.startsWith('https:') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: appCspDirectives(config.VITE_MAP_TILE_URL ?? defaultMapTileUrl, config.OPEN311_URL),
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: false, // per path below
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cross-origin-resource-policy', isCrossOriginResource(request.url) ? 'cross-origin' : 'same-origin');
  });
}
