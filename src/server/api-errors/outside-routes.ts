/**
 * What no API's own handler answers, in the error format of the API the path belongs to
 * (`apiOfPath`): a path or method no route takes (the app's one not-found handler, client-routes.ts,
 * hands API paths here), a body refused before any route ran (an unknown Content-Type, bad JSON,
 * too large), a failure in a route of no API (health, metrics, feeds), and an HTTP/1.1 request
 * without a Host header.
 */
import Router, { type HTTPMethod } from 'find-my-way';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiOfPath, type ApiOfPath } from './api-of-path';
import { answerInApiFormat } from './framework-errors';

/** Which methods a path has routes for: a path some other method takes is a 405, not a 404. */
export type MethodsOfPath = (path: string) => string[];

const methodOrder = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const inMethodOrder = (a: string, b: string) => (methodOrder.indexOf(a) + 1 || 99) - (methodOrder.indexOf(b) + 1 || 99);
const noHandler = () => undefined;

/**
 * Records every route as it is added (call before any is), into a router of its own with
 * Fastify's default matching: Fastify's own router finds by method first and tells nothing of
 * the others. Asked only when no route answered.
 */
export function recordRouteMethods(app: FastifyInstance): MethodsOfPath {
  const router = Router();
  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      try {
        router.on(method as HTTPMethod, route.url, noHandler);
        methods.add(method);
      } catch {
        // The same method and path under another constraint: the path takes the method all the same.
      }
    }
  });
  return (path) => [...methods].filter((method) => router.find(method as HTTPMethod, path) !== null).sort(inMethodOrder);
}

const pathOf = (url: string) => url.split('?')[0] ?? '';

function notFoundMessage(api: ApiOfPath, method: string, path: string): string {
  const shown = path.slice(0, 200);
  switch (api) {
    case 'georeport':
      return `no such resource: ${method} ${shown}; the GeoReport API is under /open311/v1 (see /open311/v1/discovery.json)`;
    case 'counters':
      return 'Not found.'; // DRF's own words, as the counter service answers
    case 'geocoder':
      return 'not found: the geocoder answers GET /search and GET /reverse';
    case 'moderation':
      return `no such endpoint: ${method} ${shown}`;
    case 'feeds':
      return `No such feed: ${shown}. The feeds are /feeds/area.atom, /feeds/bodies/{id}.atom and /feeds/requests/{id}.atom`;
    case 'metrics':
      return 'Not found';
  }
}

function methodNotAllowedMessage(api: ApiOfPath, method: string, allowed: readonly string[]): string {
  if (api === 'counters') return `Method "${method}" not allowed.`; // DRF's own words
  return `${method} is not allowed here; use ${allowed.join(' or ')}`;
}

/**
 * A path of an API that no route took: 405 with `Allow` when the path takes other methods, else
 * 404. /metrics is never a 405: to an address it does not serve it is the same 404 as no path.
 */
export function answerApiNotFound(request: FastifyRequest, reply: FastifyReply, api: ApiOfPath, methodsOf: MethodsOfPath) {
  const path = pathOf(request.url);
  const allowed = api === 'metrics' ? [] : methodsOf(path);
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    reply.header('allow', allowed.join(', '));
    return answerInApiFormat(request, reply, 405, methodNotAllowedMessage(api, request.method, allowed));
  }
  return answerInApiFormat(request, reply, 404, notFoundMessage(api, request.method, path));
}

/** Fastify's refusals of a body before a route runs, said as what to change. */
function clientErrorMessage(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `${request.method} ${pathOf(request.url).slice(0, 200)} takes no body of type ${String(request.headers['content-type']).slice(0, 100)}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `the request body is too large for ${request.method} ${pathOf(request.url).slice(0, 200)}; send a smaller one`;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'the body is not valid JSON; send a JSON document, or no Content-Type with no body';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Content-Length does not match the body sent';
    default:
      return 'the request could not be read; check its headers and body';
  }
}

/**
 * The app's error handler, which every API that has none of its own inherits. A request no route
 * takes whose body was refused first is answered as the missing route: the path is the mistake.
 * Nothing of an internal failure leaves the server but the request id.
 */
export function errorOutsideRoutes(methodsOf: MethodsOfPath, appNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (request.is404) {
      const api = apiOfPath(request.url);
      return api === undefined ? appNotFound(request, reply) : answerApiNotFound(request, reply, api, methodsOf);
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      request.log.info({ code: error.code, status }, 'request refused before its route');
      return answerInApiFormat(request, reply, status, clientErrorMessage(error, request));
    }
    request.log.error({ err: error }, 'request failed');
    return answerInApiFormat(request, reply, 500, `the server could not answer; tell the operator if it persists (request id ${request.id})`);
  };
}

/**
 * HTTP/1.1 requires a Host header. Node refuses a request without one itself, with an empty 400
 * and none of the security headers, unless told not to (app.ts: `requireHostHeader: false`);
 * then this refuses it here, in the API's format with every header. HTTP/1.0 may leave it out.
 */
export function refuseMissingHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return;
    reply.header('connection', 'close');
    return answerInApiFormat(request, reply, 400, 'send a Host header: HTTP/1.1 requires one');
  });
}

/** What the web app's one not-found handler (client-routes.ts) is told of the APIs. */
export function apiPathsFor(methodsOf: MethodsOfPath) {
  return {
    isApiPath: (url: string) => apiOfPath(url) !== undefined,
    answerApiNotFound: (request: FastifyRequest, reply: FastifyReply) => answerApiNotFound(request, reply, apiOfPath(request.url) ?? 'counters', methodsOf),
  };
}
