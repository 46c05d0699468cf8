/**
 * The one answer to "which API is this path?", for every error answered outside an API's own
 * handlers: router failures, a refused Host, Node's parser refusals, the shutdown's 503, paths
 * and methods no route takes, and bodies refused before a route runs. Undefined is the web app.
 */
import { feedsPath } from '../../shared/feeds';
import { paths } from '../../shared/paths';
import { isPathWithin } from '../http/path-within';

/**
 * - `georeport`: GeoReport error records, JSON or XML by the path's suffix.
 * - `geocoder`: the Pelias envelope.
 * - `moderation`: `{"error": {"code", "message"}}`, the moderation and residents' APIs.
 * - `counters`: DRF's `{"detail"}`; also the health probes, whose answers are JSON and whose
 *   `/readiness` is the counter service's own probe path.
 * - `feeds`: a line of plain text, as the feeds' own errors: a feed reader shows it as it is.
 * - `metrics`: plain text, as Prometheus' exposition format is; a scraper shows the body.
 */
export type ApiOfPath = 'georeport' | 'geocoder' | 'moderation' | 'counters' | 'feeds' | 'metrics';

/**
 * The GeoReport roots, not only `/open311/v1`: `/open311/v1/..` arrives as `/open311/`. The web
 * app's 404 (client-routes.ts) reads the same list through `apiOfPath`.
 */
const geoReportRoots = ['/open311', '/proxy/open311', paths.proxyServiceObjects, paths.media, paths.bodies, paths.proxyBodies];

/** The first match wins: `/proxy/open311` is GeoReport before the rest of `/proxy` is DRF's. */
const apiPrefixes: readonly (readonly [readonly string[], ApiOfPath])[] = [
  [geoReportRoots, 'georeport'],
  [['/geocoding/v1', '/proxy/geocoding/v1'], 'geocoder'],
  [[paths.moderationApi, paths.residentsApi], 'moderation'],
  [[feedsPath], 'feeds'],
  [['/metrics'], 'metrics'],
  // The counter service's namespace (counters, observations, sources, directly and proxied), the
  // rest of /proxy, the API descriptions other services serve and the health probes.
  [
    ['/api', '/proxy', '/geocoding', '/schema', '/swagger', '/openapi', '/redoc', '/healthz', '/readyz', '/readiness', '/health'],
    'counters',
  ],
];

/**
 * The API a path (its query string ignored) belongs to. Any case: /OPEN311/v1 is a mistyped API
 * path, not a page of the app; `/openapi.json` and `/schema.yaml` are API descriptions too.
 */
export function apiOfPath(url: string): ApiOfPath | undefined {
  return apiPrefixes.find(([prefixes]) => isPathWithin(url, prefixes, { anyCase: true, suffixed: true }))?.[1];
}
