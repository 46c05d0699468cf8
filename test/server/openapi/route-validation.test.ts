import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { recordedRoutes, type RecordedRoute } from '../../helpers/route-table';

/**
 * Route schemas are the edge: every route that takes input (path parameters, a query string, a
 * body) validates it with its own zod schema, through its API's validator (http/route-validation.ts),
 * unless it is listed below with the reason it does not. The app's own route table says what
 * "every" is, so a new route that reads input without a validating schema fails here.
 */
vi.mock('fastify', async (importOriginal) => (await import('../../helpers/route-table')).recordingFastify(importOriginal));

type Part = 'params' | 'querystring' | 'body';

const everyMethod = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY'];
const withMethods = (methods: string[], urls: string[]) => methods.flatMap((method) => urls.map((url) => `${method} ${url}`));

/** Routes that take a part without validating it, each group with its reason. */
const exceptions: { reason: string; parts: Part[]; routes: string[] }[] = [
  {
    reason: "an API's catch-all: answers that API's 404 whatever it is sent, reading nothing of it",
    parts: ['params', 'body'],
    routes: withMethods(everyMethod, ['/open311/v1/*', '/bodies/v1/*']),
  },
  {
    reason: 'an action named by its path alone, which takes no body (one sent is ignored)',
    parts: ['body'],
    routes: [
      'POST /moderation/api/requests/:id/publish', 'POST /moderation/api/requests/:id/forward/retry', 'POST /moderation/api/updates/:id/publish',
      'POST /moderation/api/updates/:id/reject', 'POST /residents/api/sign-out',
    ],
  },
  {
    reason: "DRF's 405 for a method the counter service refuses, thrown as the request arrives (onRequest), before its path or body is read",
    parts: ['params', 'body'],
    routes: [
      ...withMethods(['POST', 'PUT', 'PATCH', 'DELETE'], ['/api/counters/:id/']),
      ...withMethods(['PUT', 'PATCH'], ['/api/counters/']),
      ...withMethods(['PUT', 'PATCH', 'DELETE'], ['/api/counters.:format', '/api/counters.:format/']),
    ],
  },
  { reason: "Swagger UI's own files (@fastify/swagger-ui), served by name from its folder", parts: ['params'], routes: ['GET /api/schema/swagger-ui/static/*'] },
  {
    reason:
      'a GeoReport form, streamed to its handler (multipart: photos spooled, the key checked before any photo arrives), so there is no body when a schema would run; the use-case parses its fields with the shared schema',
    parts: ['body'],
    routes: ['/requests', '/requests/:service_request_id/followers', '/requests/:service_request_id/updates', '/requests/:service_request_id/abuse', '/servicerequestupdates'].map((path) => `POST /open311/v1${path}.:format`),
  },
  {
    reason:
      "the proxy's GeoReport forms, streamed to their handlers as the service's are (photos spooled, the key checked before any photo arrives), read and checked there with the shared schemas before they go on",
    parts: ['body'],
    routes: ['POST /proxy/open311/v1/*', 'POST /proxy/open311/v1/requests/:id/:file', 'POST /proxy/open311/v1/requests/:id/updates.:format'],
  },
  {
    reason:
      "a caller's report, as JSON or, with photos, as a multipart form streamed to its handler (photos spooled as they arrive); the handler checks the JSON, or the form's report field, with the route's own schema (callerReportBody)",
    parts: ['body'],
    routes: ['POST /moderation/api/requests'],
  },
  {
    reason: "not an API: the page an email's link opens, which reads its signed token itself and answers a page",
    parts: ['body'],
    routes: ['confirm', 'unsubscribe', 'fixed', 'not-fixed', 'alerts/confirm', 'alerts/unsubscribe'].map((page) => `POST /mail/${page}`),
  },
  { reason: 'not an API: a stored photo by its file name, which the media store checks itself (404 for any other name)', parts: ['params'], routes: ['GET /media/:fileName'] },
  { reason: 'not an API: an Atom feed, whose id is looked up as it is (404 for an unknown one)', parts: ['params'], routes: ['GET /feeds/bodies/:id.atom', 'GET /feeds/requests/:id.atom'] },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const takesBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);
/**
 * What a route takes: its path's parameters, a body where the method has one, and the query string
 * its schema declares (a route reading a query it does not declare cannot be seen from here).
 */
const partsTaken = (route: RecordedRoute): Part[] => [
  ...(/[:*]/.test(route.url) ? (['params'] as const) : []),
  ...(route.schema?.querystring ? (['querystring'] as const) : []),
  ...(takesBody(route.method) ? (['body'] as const) : []),
];

/** A value no object schema accepts: the route's compiled validator must refuse it as its schema does. */
const notAnObject = 42;

function validates(route: RecordedRoute, part: Part): boolean {
  const schema = route.schema?.[part];
  if (!(schema instanceof z.ZodType) || !route.validatorCompiler) return false;
  if (schema.safeParse(notAnObject).success) return true;
  const validate = route.validatorCompiler({ schema, method: route.method, url: route.url, httpPart: part });
  const result = validate(notAnObject) as { error?: unknown } | boolean;
  return result === false || (typeof result === 'object' && result.error !== undefined);
}

it('validates every route input with the route’s own zod schema, but for the exceptions named', () => {
  const routes = recordedRoutes.filter((route) => route.method !== 'HEAD');
  expect(routes.length).toBeGreaterThan(100);
  const excused = new Map<string, string>(exceptions.flatMap(({ reason, parts, routes: names }) => names.flatMap((name) => parts.map((part) => [`${name} ${part}`, reason] as const))));
  const problems: string[] = [];
  for (const route of routes) {
    for (const part of partsTaken(route)) {
      const key = `${route.method} ${route.url} ${part}`;
      const validated = validates(route, part);
      if (validated && excused.has(key)) problems.push(`${key}: validated, yet listed as an exception`);
      if (!validated && !excused.has(key)) problems.push(`${key}: taken without a validating schema`);
    }
  }
  // A group names every part of its routes; a route listed that takes none of them, or no longer exists, is stale.
  const listed = new Set([...excused.keys()].map((key) => key.split(' ').slice(0, 2).join(' ')));
  for (const route of routes) if (partsTaken(route).some((part) => excused.has(`${route.method} ${route.url} ${part}`))) listed.delete(`${route.method} ${route.url}`);
  for (const name of listed) problems.push(`${name}: listed as an exception, but takes nothing it excuses`);
  expect(problems).toEqual([]);
});
