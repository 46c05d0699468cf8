/**
 * Paths the real counter service has (/schema/, /swagger, /readiness) and other API-looking
 * paths are never answered with the web app's page: monitoring and API clients get an answer of
 * the API, or a 404 in the API's format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountersApp, type CountersTestApp } from './counters-app';

// What a browser sends: the web app's page would be the answer to an unknown page of the app.
const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** Every `$ref` in the document, which must all resolve inside it. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => (key === '$ref' && typeof item === 'string' ? [item] : refsOf(item)));
}

describe('API paths of the real counter service, and unknown API-looking paths', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp([]);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: browser });

  it('answers /schema/ with the OpenAPI 3.1 document, the counters API included', async () => {
    const response = await get('/schema/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/counters/', '/api/counters/{id}/', '/api/observations/']));
    // Valid as far as a reader needs: every reference resolves, every operation answers with a description.
    for (const ref of refsOf(document)) {
      const target = ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, ref).toBeTypeOf('object');
    }
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { responses: Record<string, { description: string }>; parameters?: { in: string; name: string }[] }>>)) {
      for (const operation of Object.values(item)) {
        for (const answer of Object.values(operation.responses)) expect(answer.description, path).toBeTruthy();
        const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
        expect(pathParameters, path).toEqual([...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]));
      }
    }
    const noSlash = await get('/schema?format=json');
    expect(noSlash.statusCode).toBe(301);
    expect(noSlash.headers.location).toBe('/schema/?format=json');
  });

  it('redirects /swagger to the Swagger UI page (302)', async () => {
    const response = await get('/swagger');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/api/schema/swagger-ui/');
  });

  it('answers /readiness as /readyz', async () => {
    const readiness = await get('/readiness');
    expect(readiness.statusCode).toBe(200);
    expect(readiness.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(readiness.headers['cache-control']).toBe('no-store');
    expect(readiness.json()).toEqual((await get('/readyz')).json());
  });

  it('answers unknown API-looking paths with a 404 in the API\'s format, never the web app', async () => {
    // /api/ itself is the API root now (test/server/observations).
    for (const url of ['/api/nothing/', '/api/counters.xml', '/schema/x', '/swagger/', '/openapi.json', '/readiness/x', '/healthz/x', '/proxy/nothing', '/geocoding']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('application/json');
      expect(response.json(), url).toEqual({ detail: 'Not found.' });
    }
    for (const url of ['/open311', '/open311/v2/services.json']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual([{ code: 404, description: expect.stringMatching(/^no such resource: GET \/open311.*see \/open311\/v1\/discovery\.json/) }]);
    }
    const xml = await get('/open311/v2/services.xml');
    expect(xml.headers['content-type']).toContain('xml');
    expect(xml.body).toContain('<errors><error><code>404</code>');
  });

  it('keeps the web app\'s own paths for the web app (its page, or the "not built" page)', async () => {
    for (const url of ['/', '/report', '/counters', '/moderation', '/moderation/login']) {
      const response = await get(url);
      expect([200, 503], url).toContain(response.statusCode);
      expect(response.headers['content-type'], url).toContain('text/html');
    }
    // Not API paths either: the app's page with 404 (no such page or request), or the "not built" page.
    for (const url of ['/requests/abc', '/apiary', '/schemas', '/healthy']) {
      const response = await get(url);
      expect([404, 503], url).toContain(response.statusCode);
      expect(response.headers['content-type'], url).toContain('text/html');
    }
    for (const url of ['/SCHEMA/', '/Api/nothing']) expect((await get(url)).json(), url).toEqual({ detail: 'Not found.' });
    expect((await get('/moderation/api/nothing')).statusCode).toBe(404);
  });
});
