import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { auditQuery, parseInput } from '../input';
import { bodyScopeOf } from '../scope';
import type { ModerationRepository } from '../../storage/repositories/types';
import { presentAuditEntry } from '../view';
import { moderationSchemas } from './schemas';

/** GET /audit: who did what, newest first; page with `before` = the last entry's id. */
export const auditRoutes: FastifyPluginAsync<{ context: AppContext; repository: ModerationRepository }> = async (
  app,
  { context, repository },
) => {
  // A moderator of bodies reads the entries of their bodies' requests; an administrator, every entry.
  app.get('/audit', { schema: moderationSchemas.audit }, async (request) => {
    const query = parseInput(auditQuery, request.query);
    const entries = await repository.listAudit({ limit: query.limit, beforeId: query.before, bodyIds: bodyScopeOf(request) });
    return {
      items: entries.map((entry) => presentAuditEntry(entry, context.config.TZ_NAME)),
      next_before: entries.length === query.limit ? entries.at(-1)!.id : null,
    };
  });
};
