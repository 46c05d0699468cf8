import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, sep } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context';
import { answerAppNotFound } from './app-not-found';
import { defaultMapTileUrl } from '../shared/map/map-defaults';
import { tileServerOrigin } from '../shared/map/tile-template';
import { homeMapFrame } from './map-frame';
import { varyWith } from './http/accept-encoding';
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
  /**
   * Whether a path belongs to an API rather than the web app (api-errors/api-of-path.ts, through
   * app.ts): never answered with the app, even for a browser.
   */
  isApiPath: (url: string) => boolean;
  /** An API's path no route took, answered in that API's error format (api-errors/outside-routes.ts). */
  answerApiNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

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

/** Whether a 404 outside the APIs should be a page: for HTML, not a missing file. */
const wantsPage = (request: FastifyRequest) => acceptsHtml(request) && !namesAFile(request.url);

/** A page the browser may open: a GET/HEAD for HTML outside the API prefixes, not a missing file. */
const isAppNavigation = (request: FastifyRequest) => (request.method === 'GET' || request.method === 'HEAD') && wantsPage(request);

/** The web app's 404 for a request that is no page of it (app-not-found.ts). */
export const appNotFound = (request: FastifyRequest, reply: FastifyReply) => answerAppNotFound(request, reply, wantsPage(request));

// Vite puts content-hashed files under assets/: a new build gives new names, so they never change.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything else (index.html, favicon) is revalidated, so a deploy shows up on the next load.
const REVALIDATE = 'no-cache';

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
    if (options.isApiPath(request.url)) return options.answerApiNotFound(request, reply);
    if (!isAppNavigation(request)) return appNotFound(request, reply);
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
