import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { bodyScopeOf } from '../scope';
import type { ModerationRepository } from '../../storage/repositories/types';
import { presentAuditEntry } from '../view';
import { startOfLocalDay } from '../../time/local-day';
import { moderationSchemas } from './schemas';

/**
 * GET /audit: who did what, newest first; page with `before` = the last entry's id. Filters
 * (issue 41, item 10): `moderator` (exact name), `action`, and the days `from`–`to` (inclusive,
 * in the installation's time zone).
 */
export const auditRoutes: FastifyPluginAsync<{ context: AppContext; repository: ModerationRepository }> = async (
  plugin,
  { context, repository },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  // A moderator of bodies reads the entries of their bodies' requests; an administrator, every entry.
  app.get('/audit', { schema: moderationSchemas.audit }, async (request) => {
    const { query } = request;
    const timeZone = context.config.TZ_NAME;
    const entries = await repository.listAudit({
      limit: query.limit,
      beforeId: query.before,
      bodyIds: bodyScopeOf(request),
      moderator: query.moderator,
      action: query.action,
      from: query.from === undefined ? undefined : startOfLocalDay(query.from, timeZone),
      until: query.to === undefined ? undefined : startOfLocalDay(query.to, timeZone, 1),
    });
    return {
      items: entries.map((entry) => presentAuditEntry(entry, timeZone)),
      next_before: entries.length === query.limit ? entries.at(-1)!.id : null,
    };
  });
};
