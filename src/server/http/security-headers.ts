import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Config } from '../config';
import { paths } from '../../shared/paths';
import { defaultMapTileUrl } from '../../shared/map/map-defaults';
import { appCspDirectives } from './content-security-policy';
import { isPathWithin } from './path-within';

/** Public read APIs and photos: other sites' GeoReport clients and maps may embed them. */
const crossOriginPrefixes = [paths.georeport, paths.counters, paths.media, paths.bodies];

const isCrossOriginResource = (url: string) => isPathWithin(url, crossOriginPrefixes);

/**
 * The headers helmet sets with these options, found once on a stand-in response: with no nonce and
 * no directive computed per request they are the same for every answer. (@fastify/helmet built
 * helmet's middleware anew for each request: a tenth of a cached counter page's CPU.)
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, [string, string]>();
  // Names as helmet spells them (the wire keeps their case); a header set twice counts once.
  class Recorder extends ServerResponse {
    override setHeader(name: string, value: number | string | readonly string[]) {
      headers.set(name.toLowerCase(), [name, String(value)]);
      return super.setHeader(name, value);
    }
    override removeHeader(name: string) {
      headers.delete(name.toLowerCase());
      super.removeHeader(name);
    }
  }
  const response = new Recorder(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers.values()];
}

/**
 * Security headers on every answer (helmet's, set when the request arrives). A route that sets its
 * own header later wins, which is how the counters' browsable page and the media files keep their
 * stricter CSPs and the counters API its `Access-Control-Allow-Origin: *`.
 *
 * - CSP: see content-security-policy.ts; framing forbidden (frame-ancestors, X-Frame-Options).
 * - Referrer-Policy strict-origin-when-cross-origin: tile servers such as OpenStreetMap's require
 *   a Referer, and only our origin, never a path with a request id, leaves the site.
 * - HSTS only when the public URL is https, so a plain-http installation on a LAN keeps working.
 * - Cross-Origin-Resource-Policy: same-origin except for the public APIs and photos.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'VITE_MAP_TILE_URL' | 'OPEN311_URL'>,
): void {
  const https = config.PUBLIC_BASE_URL?.startsWith('https:') ?? false;
  const headers = helmetHeaders({
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
  // On the raw response, as helmet does: a header the route sets through the reply replaces it.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    reply.header('cross-origin-resource-policy', isCrossOriginResource(request.url) ? 'cross-origin' : 'same-origin');
    done();
  });
}
