import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { bodyScopeOf } from '../scope';
import type { ModerationRepository } from '../../storage/repositories/types';
import { presentAuditEntry } from '../view';
import { moderationSchemas } from './schemas';

/** GET /audit: who did what, newest first; page with `before` = the last entry's id. */
export const auditRoutes: FastifyPluginAsync<{ context: AppContext; repository: ModerationRepository }> = async (
  plugin,
  { context, repository },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  // A moderator of bodies reads the entries of their bodies' requests; an administrator, every entry.
  app.get('/audit', { schema: moderationSchemas.audit }, async (request) => {
    const { query } = request;
    const entries = await repository.listAudit({ limit: query.limit, beforeId: query.before, bodyIds: bodyScopeOf(request) });
    return {
      items: entries.map((entry) => presentAuditEntry(entry, context.config.TZ_NAME)),
      next_before: entries.length === query.limit ? entries.at(-1)!.id : null,
    };
  });
};
