/**
 * POST /requests/:id/assignee (issue 41, item 5): a report is assigned to one moderator of its body,
 * re-assigned, or unassigned (null). Audited as `assign` / `unassign`; answers the detail.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../auth';
import { mayModerate } from '../desk';
import { ModerationApiError } from '../errors';
import { requestNotFound } from '../scope';
import type { DeskRouteOptions } from './desk-options';
import { moderationSchemas } from './schemas';

/** Assigns (or, with null, unassigns) one report in the moderator's bodies: the single route's and each of a bulk one's. */
export const assignRequest = async (
  { context, findInScope }: Pick<DeskRouteOptions, 'context' | 'findInScope'>,
  request: FastifyRequest,
  id: string,
  name: string | null,
) => {
  const record = await findInScope(request, id);
  if (!record) throw requestNotFound(id);
  if (name !== null) {
    const moderator = await context.repositories.moderation.findModerator(name);
    if (!moderator || !mayModerate(moderator, record.body_id)) {
      throw new ModerationApiError(400, 'invalid_input', `moderator: ${name} does not moderate this report's body; choose one of its moderators`, {
        fields: [{ field: 'moderator', message: 'not a moderator of this report’s body', code: 'unknown_value' }],
      });
    }
  }
  await context.repositories.requestDesk.assign(id, name, sessionOf(request).moderator_name, context.now());
};

export const assignmentRoutes: FastifyPluginAsync<DeskRouteOptions> = async (plugin, options) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post('/requests/:id/assignee', { schema: moderationSchemas.assign }, async (request) => {
    const { id } = request.params;
    await assignRequest(options, request, id, request.body.moderator);
    return options.detail(request, id, request.query.locale);
  });
};
