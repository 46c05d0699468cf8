import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { recordedRoutes as routes } from '../../helpers/route-table';
import type { OpenApiDocument } from './document-check';

/**
 * Every route of the APIs is in the OpenAPI document with its answers described: the app's own
 * route table (recorded as routes are added) says what "every" is, so a route added without a
 * schema fails here.
 */
vi.mock('fastify', async (importOriginal) => (await import('../../helpers/route-table')).recordingFastify(importOriginal));

/** Left out of the document on purpose: each answers what a documented route does, or refuses. */
const undocumented = new Set([
  // GeoReport: the names without a resource (and with no suffix) answer error records; the catch-all too.
  'GET /open311/v1/:file', 'POST /open311/v1/:file', 'GET /open311/v1/services/:file', 'GET /open311/v1/requests/:file',
  'GET /open311/v1/requests/:id/:file', 'POST /open311/v1/requests/:id/:file',
  // Django's APPEND_SLASH redirects and DRF's 405 for the methods the real counter service refuses.
  'GET /api/counters', 'GET /api/observations', 'GET /api/observations/aggregate', 'GET /api/metadata/sources', 'GET /api/metadata/sources/:name',
  ...['PUT', 'PATCH', 'DELETE'].flatMap((method) => ['/api/counters/', '/api/counters.:format', '/api/counters.:format/'].map((url) => `${method} ${url}`)),
  ...['POST', 'PUT', 'PATCH', 'DELETE'].map((method) => `${method} /api/counters/:id/`),
]);

/** Each API's catch-all answers its own 404 for any method and path under it. */
const catchAlls = ['/open311/v1/*', '/bodies/v1/*'];

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject('/api/schema/')).json();
});

afterAll(() => t?.close());

const isApiRoute = (url: string) =>
  ['/open311/v1/', '/api/', '/proxy/', '/moderation/api/', '/residents/api/', '/bodies/v1/'].some((prefix) => url.startsWith(prefix) || `${url}/` === prefix) &&
  !url.startsWith('/api/schema/');
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{*}');

it('documents every route of /open311/v1, /api, /proxy, /moderation/api, /residents/api and /bodies/v1, with its answers', () => {
  const apiRoutes = routes.filter((route) => route.method !== 'HEAD' && isApiRoute(route.url));
  expect(apiRoutes.length).toBeGreaterThan(50);
  const problems: string[] = [];
  for (const route of apiRoutes) {
    const name = `${route.method} ${route.url}`;
    if (undocumented.has(name) || catchAlls.includes(route.url)) {
      if (!route.schema?.hide) problems.push(`${name}: meant to be left out, but not hidden`);
      continue;
    }
    if (route.schema?.hide) problems.push(`${name}: hidden from the document`);
    else if (!route.schema?.response) problems.push(`${name}: no response schema`);
    // A plugin's `/` is also registered without the slash; the document names the one path.
    else if (![route.url, `${route.url}/`].some((url) => document.paths[openApiPath(url)]?.[route.method.toLowerCase()])) {
      problems.push(`${name}: not in the document`);
    }
  }
  expect(problems).toEqual([]);
});
