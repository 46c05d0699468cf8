/**
 * POST /requests/:id/internal-notes (issue 41, item 5): a note for the report's body's moderators
 * only. The detail answer lists them (GET /requests/:id); a moderator of another body gets the same
 * 404 as for any request outside their bodies. Audited as `internal_note`, without its text.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../auth';
import { requestNotFound } from '../scope';
import type { DeskRouteOptions } from './desk-options';
import { moderationSchemas } from './schemas';

export const internalNoteRoutes: FastifyPluginAsync<DeskRouteOptions> = async (plugin, { context, findInScope, detail }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post('/requests/:id/internal-notes', { schema: moderationSchemas.internalNote }, async (request) => {
    const { id } = request.params;
    if (!(await findInScope(request, id))) throw requestNotFound(id);
    await context.repositories.requestDesk.addNote({ service_request_id: id, author: sessionOf(request).moderator_name, text: request.body.text, created_at: context.now() });
    return detail(request, id, request.query.locale);
  });
};
