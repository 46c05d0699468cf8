import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { DashboardFigures } from '../../../shared/moderation/dashboard';
import { figuresCollector } from '../dashboard-figures';
import { dashboardFilterOf } from '../dashboard-filter';
import { namesIn } from '../dashboard-names';
import { dashboardSchemas } from './dashboard-schemas';

/**
 * GET /dashboard (issue 41, item 9): the figures of the moderator's bodies' reports (an
 * administrator's: all), filtered by the days they were made, type, state and body. The reports
 * are read a page at a time; only their durations are kept for the percentiles.
 */
export const dashboardRoutes: FastifyPluginAsync<{ context: AppContext }> = async (plugin, { context }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { repositories } = context;
  app.get('/dashboard', { schema: dashboardSchemas.figures }, async (request): Promise<DashboardFigures> => {
    const timeZone = context.config.TZ_NAME;
    const filter = dashboardFilterOf(request, request.query, timeZone);
    const collector = figuresCollector(timeZone);
    for await (const page of repositories.dashboard.reportPages(filter, { pageSize: 1000 })) collector.add(page);
    const figures = collector.figures();
    const [flagged, { serviceNames }] = await Promise.all([repositories.dashboard.flaggedCounts(filter, context.now()), namesIn(repositories, request.query.locale)]);
    return {
      ...figures,
      by_service_code: figures.by_service_code.map((entry) => ({ ...entry, service_name: serviceNames.get(entry.service_code) ?? entry.service_code })),
      ...flagged,
    };
  });
};
