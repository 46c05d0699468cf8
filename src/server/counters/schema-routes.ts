/**
 * `/schema/`, where the real counter service serves its OpenAPI document: the generated document
 * of every API (http/openapi.ts), the same as /api/schema/. `/swagger`, where the real service
 * serves Swagger UI, is a temporary (302) redirect to ours.
 */
import type { FastifyPluginAsync } from 'fastify';
import { apiDocsPath, openApiDocumentRoute } from '../http/openapi';

export const counterSchemaRoutes: FastifyPluginAsync = async (app) => {
  const query = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '');
  openApiDocumentRoute(app, '/schema/');
  // Django's APPEND_SLASH, as the real service answers it.
  app.get('/schema', { schema: { hide: true } }, async (request, reply) => reply.redirect(`/schema/${query(request.url)}`, 301));
  app.get('/swagger', { schema: { hide: true } }, async (_request, reply) => reply.redirect(`${apiDocsPath}/`, 302));
};
