/**
 * The resident API's alerts (`/residents/api/alerts`), this installation's own:
 * - POST: subscribe (JSON: email, kind and its fields, frequency, locale), 202 whether or not
 *   the address already has the alert; the confirmation email's link does the rest.
 * - GET: the signed-in resident's alerts; DELETE /:id removes one of them. Both need a resident
 *   session (`residentOf`), else 401 `sign_in_required`.
 * Answers never name an address.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AlertSummary } from '../../shared/alerts/wire';
import type { AppContext } from '../context';
import { formatW3cDateTime } from '../time/w3c';
import { residentOf } from './session';
import { AlertsApiError, alertsErrorHandler, signInRequired } from './alerts-errors';
import { subscribeToAlert } from './alerts-subscribe';

export const alertsRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  app.setErrorHandler(alertsErrorHandler);
  app.setNotFoundHandler((request, reply) =>
    alertsErrorHandler(new AlertsApiError(404, 'not_found', `no such resource: ${request.method} ${request.url.split('?')[0]}`), request, reply),
  );
  // A JSON body only; anything else is refused before it is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 4096 }, app.getDefaultJsonParser('error', 'error'));

  app.post('/alerts', async (request, reply) => {
    await subscribeToAlert(context, request.body, request.ip);
    return reply.code(202).header('cache-control', 'no-store').send({ status: 'confirmation_sent' });
  });

  app.get('/alerts', async (request, reply) => {
    const resident = await residentOf(context, request);
    if (!resident) throw signInRequired();
    const alerts = await context.repositories.alerts.listByEmail(resident.email);
    const body: AlertSummary[] = alerts.map((alert) => ({
      id: alert.id,
      area: alert.area,
      frequency: alert.frequency,
      confirmed: alert.confirmed,
      created_at: formatW3cDateTime(alert.created_at, context.config.TZ_NAME),
    }));
    return reply.header('cache-control', 'no-store').send({ alerts: body });
  });

  app.delete<{ Params: { id: string } }>('/alerts/:id', async (request, reply) => {
    const resident = await residentOf(context, request);
    if (!resident) throw signInRequired();
    const id = /^[1-9][0-9]{0,14}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    if (id === undefined || !(await context.repositories.alerts.remove(id, resident.email))) {
      throw new AlertsApiError(404, 'not_found', `alert ${request.params.id} not found among your alerts; GET /residents/api/alerts lists them`);
    }
    return reply.code(204).header('cache-control', 'no-store').send();
  });
};
