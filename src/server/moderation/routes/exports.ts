import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { dashboardFilterOf, type DashboardQuery } from '../dashboard-filter';
import { namesIn } from '../dashboard-names';
import { requestsCsv, requestsGeoJson, updatesCsv, type ExportContext } from '../exports/files';
import { dashboardSchemas } from './dashboard-schemas';

/**
 * GET /exports/requests.csv, /exports/requests.geojson, /exports/updates.csv (issue 41, item 9):
 * the dashboard's filter's published reports, as files to save, streamed a page at a time. A
 * failure after the first bytes cannot change the status any more: the stream is cut, so the
 * download fails instead of looking complete.
 */
export const exportRoutes: FastifyPluginAsync<{ context: AppContext }> = async (plugin, { context }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const timeZone = context.config.TZ_NAME;

  async function exportContext(request: FastifyRequest, query: DashboardQuery): Promise<ExportContext> {
    const filter = dashboardFilterOf(request, query, timeZone);
    return { repository: context.repositories.dashboard, filter, timeZone, requestUrl: context.mailLinks.requestUrl, ...(await namesIn(context.repositories, query.locale)) };
  }

  /** Saved as e.g. kerro-requests-2026-12-02.csv: the day it was taken. */
  function sendFile(reply: FastifyReply, type: string, name: string, extension: string, chunks: AsyncGenerator<string>) {
    const day = new Date(context.now()).toISOString().slice(0, 10);
    reply.type(type).header('Content-Disposition', `attachment; filename="kerro-${name}-${day}.${extension}"`);
    return reply.send(Readable.from(chunks, { objectMode: false }));
  }

  app.get('/exports/requests.csv', { schema: dashboardSchemas.requestsCsv }, async (request, reply) =>
    sendFile(reply, 'text/csv; charset=utf-8', 'requests', 'csv', requestsCsv(await exportContext(request, request.query))),
  );
  app.get('/exports/requests.geojson', { schema: dashboardSchemas.requestsGeoJson }, async (request, reply) =>
    sendFile(reply, 'application/geo+json; charset=utf-8', 'requests', 'geojson', requestsGeoJson(await exportContext(request, request.query))),
  );
  app.get('/exports/updates.csv', { schema: dashboardSchemas.updatesCsv }, async (request, reply) =>
    sendFile(reply, 'text/csv; charset=utf-8', 'updates', 'csv', updatesCsv(await exportContext(request, request.query))),
  );
};
