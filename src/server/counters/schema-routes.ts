/**
 * `/schema/`, where the real counter service serves its OpenAPI document: a small one of our own
 * (openapi.ts), JSON. `/swagger`, where the real service serves Swagger UI, is a temporary (302)
 * redirect to it: there is no UI here (the CSP allows no third-party script), the document is
 * what someone looking there wants, and a 302 leaves room for a UI later.
 */
import type { FastifyPluginAsync } from 'fastify';
import { counterOpenApiDocument } from './openapi';

export const counterSchemaRoutes: FastifyPluginAsync = async (app) => {
  const document = JSON.stringify(counterOpenApiDocument);
  const query = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '');

  app.get('/schema/', async (_request, reply) =>
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache').type('application/json').send(document),
  );
  // Django's APPEND_SLASH, as the real service answers it.
  app.get('/schema', async (request, reply) => reply.redirect(`/schema/${query(request.url)}`, 301));
  app.get('/swagger', async (_request, reply) => reply.redirect('/schema/', 302));
};
