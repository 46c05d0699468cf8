/**
 * The OpenAPI 3.1 document of every API, generated from the route schemas (zod, through
 * fastify-type-provider-zod) as the routes are registered, so it cannot drift from the routes.
 * Served at /api/schema/ (JSON) with a Swagger UI page at /api/schema/swagger-ui/, its files
 * served from node_modules (no CDN; the site's CSP allows them as 'self', see transformStaticCSP).
 *
 * No validator is set here: each API's plugin validates its routes with their schemas and answers
 * a refusal in its own error format (http/route-validation.ts). Answers are not serialized by
 * their schemas: many are pre-rendered Buffers with ETags, and a re-serialization would change the
 * wire; test/server/openapi holds real answers to the document instead.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { withOperationIds } from './openapi-operation-ids';

export const openApiDocumentPath = '/api/schema/';
/** The APIs the document describes; the web app, photos, health checks and email pages are not APIs. */
const apiPrefixes = ['/open311/v1/', '/api/', '/proxy/', '/moderation/api/', '/residents/api/', '/bodies/v1/', '/geocoding/v1/'];
export const apiDocsPath = '/api/schema/swagger-ui';

/** Swagger UI's method badges and version stamps are white on light colours; darker ones pass WCAG AA. */
const contrastCss = [
  '.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f6fb2; }',
  '.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1d7a4f; }',
  '.swagger-ui .opblock.opblock-put .opblock-summary-method, .swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #8a5a00; }',
  '.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b02a2a; }',
  '.swagger-ui .opblock.opblock-options .opblock-summary-method, .swagger-ui .opblock.opblock-head .opblock-summary-method { background: #1b4f7a; }',
  '.swagger-ui .info .title small, .swagger-ui .info .title small.version-stamp { background: #3b5b0c; }',
  '.swagger-ui .info .title small pre { color: #fff; }',
  '.swagger-ui .info .url, .swagger-ui .info a { color: #1f5f99; }',
].join('\n');

/** Registers the collector; call before any API route, as it records routes as they are added. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kerro APIs',
        version: '1',
        description:
          "The GeoReport v2 + CitySDK service (/open311/v1), the counter service (/api), the proxy the web app uses (/proxy), the moderation API (/moderation/api), the residents' API (/residents/api) and the bodies read API (/bodies/v1).",
      },
    },
    transform: (route) => {
      const isApi = apiPrefixes.some((prefix) => route.url.startsWith(prefix) || `${route.url}/` === prefix);
      return isApi ? jsonSchemaTransform(route) : { schema: { hide: true }, url: route.url };
    },
    // Every operation named (openapi-operation-ids.ts), once the whole document is known.
    transformObject: (input) => withOperationIds(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: apiDocsPath,
    // The site's own CSP (security-headers.ts), but Swagger UI's script adds <style> elements:
    // inline styles on this page only (its scripts stay 'self').
    transformStaticCSP: (header) => header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
    // No top bar: its URL box and logo are of no use here (and had no label and no alt text).
    uiConfig: { docExpansion: 'list', deepLinking: true, layout: 'BaseLayout' },
    theme: { title: 'Kerro APIs', css: [{ filename: 'contrast.css', content: contrastCss }] },
  });
}

/** The document, at /api/schema/ and where the real counter service serves its own. */
export function openApiDocumentRoute(app: FastifyInstance, url: string): void {
  let document: string | undefined;
  app.get(url, { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache').type('application/json').send(document);
  });
}
