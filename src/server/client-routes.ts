import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, sep } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import { geoReportRoots } from './api-errors/framework-errors';
import { formatOfUrl } from './open311/format';
import { presentErrors } from './open311/presenter';
import { sendDocument } from './open311/reply';
import { defaultMapTileUrl } from '../shared/map/map-defaults';
import { tileServerOrigin } from '../shared/map/tile-template';
import { homeMapFrame } from './map-frame';
import { varyWith } from './http/accept-encoding';
import { isPathWithin } from './http/path-within';
import { pageVariesByLanguage, requestIdOfPath, routePreloads } from './route-preloads';
import { preferredLocale } from '../shared/locales';
import { acceptLanguageTags } from './http/accept-language';
import { requestPageMaker } from './request-page-head';
import { withNoIndex } from './request-meta';
import { isAppPagePath } from '../shared/web-app/app-pages';
import { markSessionWithoutMarker } from './moderation/auth';
import { markResidentSessionWithoutMarker } from './residents/session';

export interface ClientRoutesOptions {
  context: AppContext;
  /** The built web app; defaults to dist/client at the project root. Tests pass their own. */
  clientDir?: string;
}

const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

/** How a 404 is written for an API path: the error shape of the API it looks like. */
type ApiErrorFormat = 'georeport' | 'drf' | 'plain';

/**
 * Paths owned by the APIs, or that API clients and monitoring probe: never answered with the
 * web app, even for a browser, but with a 404 in that API's format. The first match wins.
 * - GeoReport (`[{"code":404,"description":…}]`, XML for `.xml`): /open311, /proxy/open311,
 *   /proxy/service-objects, /media, /bodies/v1, /proxy/bodies/v1 (`geoReportRoots`).
 * - Django REST Framework (`{"detail":"Not found."}`): /api (the counter service's namespace), the
 *   rest of /proxy, /geocoding, the API descriptions other services serve (/schema, /swagger,
 *   /openapi, /redoc) and the health probes (/healthz, /readyz, /readiness, /health, /metrics).
 * - /moderation/api, /residents/api: plain text; their own plugins answer everything under them in their format.
 */
const apiPrefixes: readonly (readonly [string, ApiErrorFormat])[] = [
  ...geoReportRoots.map((prefix) => [prefix, 'georeport'] as const),
  ['/moderation/api', 'plain'],
  ['/residents/api', 'plain'],
  ...['/api', '/proxy', '/geocoding', '/schema', '/swagger', '/openapi', '/redoc', '/healthz', '/readyz', '/readiness', '/health', '/metrics'].map(
    (prefix) => [prefix, 'drf'] as const,
  ),
];

/** The API a path belongs to, by its error format; undefined for the web app's own paths. */
export function apiErrorFormatOf(url: string): ApiErrorFormat | undefined {
  // Any case: /MEDIA/x is a mistyped API path, not a page of the app. `/openapi.json` and
  // `/schema.yaml` are API descriptions too, not files of the app.
  return apiPrefixes.find(([prefix]) => isPathWithin(url, [prefix], { anyCase: true, suffixed: true }))?.[1];
}

const isApiPath = (url: string) => apiErrorFormatOf(url) !== undefined;

/**
 * Browsers ask for text/html; curl, link checkers and previews send `*\/*` or nothing, and a
 * page is what they want too (`curl http://host/` answered 404 before). A client that names
 * other types only (application/json) gets the plain 404.
 */
function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

/** `/assets/gone-123.js`, `/favicon.ico`: a file that is not there, never a page of the app. */
function namesAFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (path.split('/').pop() ?? '').includes('.');
}

/** A page the browser may open: a GET/HEAD for HTML outside the API prefixes, not a missing file. */
function isAppNavigation(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    acceptsHtml(request) &&
    !isApiPath(request.url) &&
    !namesAFile(request.url)
  );
}

// Vite puts content-hashed files under assets/: a new build gives new names, so they never change.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything else (index.html, favicon) is revalidated, so a deploy shows up on the next load.
const REVALIDATE = 'no-cache';

function sendPlainNotFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
}

/** A 404 in the format of the API the path looks like (see apiPrefixes). */
function sendApiNotFound(request: FastifyRequest, reply: FastifyReply, format: ApiErrorFormat) {
  if (format === 'georeport') {
    return sendDocument(reply, presentErrors([{ code: 404, description: 'no such resource' }]), formatOfUrl(request.url), 404);
  }
  if (format === 'drf') {
    return reply.code(404).header('access-control-allow-origin', '*').type('application/json').send(Buffer.from(JSON.stringify({ detail: 'Not found.' })));
  }
  return sendPlainNotFound(reply);
}

/** The installation's image for a preview of a request without a photo: the app's own icon (public/icons). */
const shareImage = '/icons/icon-512.png';

const notBuiltPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Kerro: web app not built</title></head>
<body>
<h1>The web app is not built</h1>
<p>The Kerro server is running, but dist/client is missing. Run <code>npm run build</code>
(or use <code>npm run dev</code> while developing) and reload this page.</p>
</body>
</html>
`;

/**
 * Serves the built single-page app and answers every browser navigation outside the APIs with
 * its index.html, so client-side routes survive a reload or a shared link: status 200 for the
 * app's pages (shared/web-app/app-pages.ts), 404 for any other path and for a request the store
 * does not hold (the app shows its not-found page either way).
 */
export const clientRoutes: FastifyPluginAsync<ClientRoutesOptions> = async (app, options) => {
  const clientDir = options.clientDir ?? defaultClientDir;
  const built = existsSync(`${clientDir}${sep}index.html`);
  const { config } = options.context;
  const pageFor = built ? routePreloads(clientDir, tileServerOrigin(config.VITE_MAP_TILE_URL ?? defaultMapTileUrl), homeMapFrame(config)) : () => undefined;
  // A published request's page names it in its head (Open Graph, Twitter card, title) for link
  // previews. Only this installation's own requests: with OPEN311_URL the page shows a city's.
  const defaultImage = existsSync(join(clientDir, ...shareImage.split('/'))) ? shareImage : undefined;
  const requestPage = built && !config.OPEN311_URL ? requestPageMaker(options.context, defaultImage) : undefined;
  let indexHtml: string | undefined;
  await app.register(cookie);

  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // One route per built file, found at start-up, instead of a '/*' catch-all route: a catch-all
      // would swallow unknown API paths before the API plugins' own not-found handlers see them.
      wildcard: false,
      index: false, // '/' goes through the fallback below like every other app page
      cacheControl: false, // set per file in setHeaders
      // The build writes .br and .gz copies beside each file (vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders: (reply, path) => {
        const assetsDir = `${sep}assets${sep}`;
        reply.header('Cache-Control', path.includes(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  // Registered in this plugin without a prefix, it covers every path; API plugins that set their
  // own not-found handler under their prefix keep it.
  app.setNotFoundHandler(async (request, reply) => {
    const apiFormat = apiErrorFormatOf(request.url);
    if (apiFormat !== undefined) return sendApiNotFound(request, reply, apiFormat);
    if (!isAppNavigation(request)) return sendPlainNotFound(reply);
    if (!built) {
      return reply.code(503).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(notBuiltPage);
    }
    reply.header('Cache-Control', REVALIDATE);
    // Sessions started before their readable markers existed: the app asks who is signed in only with one.
    markResidentSessionWithoutMarker(options.context, request, reply);
    markSessionWithoutMarker(reply, request, config);
    const queryAt = request.url.indexOf('?');
    const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const acceptLanguage = request.headers['accept-language'];
    const pageWithoutHead = () => pageFor(path, queryAt < 0 ? '' : request.url.slice(queryAt + 1), acceptLanguage);
    if (pageVariesByLanguage(path)) reply.header('Vary', varyWith(reply.getHeader('vary'), 'Accept-Language'));
    const builtIndex = () => (indexHtml ??= readFileSync(join(clientDir, 'index.html'), 'utf8'));
    const requestId = requestPage && requestIdOfPath(path);
    if (requestId) {
      const locale = preferredLocale(acceptLanguageTags(acceptLanguage));
      const made = await requestPage(requestId, locale, () => pageWithoutHead() ?? builtIndex());
      // The same page for an id the store does not hold: the app says so; the status tells crawlers.
      return reply.code(made.found ? 200 : 404).type('text/html; charset=utf-8').send(made.body);
    }
    if (!isAppPagePath(path)) {
      // The app shows its not-found page; the status and noindex tell link checkers and search engines.
      return reply.code(404).type('text/html; charset=utf-8').send(withNoIndex(pageWithoutHead() ?? builtIndex()));
    }
    const page = pageWithoutHead();
    if (page !== undefined) return reply.type('text/html; charset=utf-8').send(page);
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
};
