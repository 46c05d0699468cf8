/**
 * The resident API's alerts (`/residents/api/alerts`), this installation's own:
 * - POST: subscribe (JSON: email, kind and its fields, frequency, locale), 202 whether or not
 *   the address already has the alert; the confirmation email's link does the rest.
 * - GET: the signed-in resident's alerts; DELETE /:id removes one of them. Both need a resident
 *   session (`residentOf`), else 401 `unauthenticated`.
 * Registered inside the residents' API plugin (routes.ts): its JSON-only bodies, Origin check,
 * no-store and error format (`{"error": {"code", "message", "fields"?}}`) apply. Answers never
 * name an address.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AlertSummary } from '../../shared/alerts/wire';
import type { AppContext } from '../context';
import { formatW3cDateTime } from '../time/w3c';
import { residentOf } from './session';
import { ModerationApiError } from '../moderation/errors';
import { subscribeToAlert } from './alerts-subscribe';
import { residentSchemas } from './schemas';

const signInRequired = () =>
  new ModerationApiError(401, 'unauthenticated', 'sign in first: POST /residents/api/sign-in with your email address, then open the link it sends; your alerts are listed then');

export const alertsRoutes: FastifyPluginAsync<{ context: AppContext }> = async (plugin, { context }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post('/alerts', { schema: residentSchemas.subscribe }, async (request, reply) => {
    await subscribeToAlert(context, request.body, request.ip);
    return reply.code(202).send({ status: 'confirmation_sent' });
  });

  app.get('/alerts', { schema: residentSchemas.alerts }, async (request) => {
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
    return { alerts: body };
  });

  plugin.delete<{ Params: { id: string } }>('/alerts/:id', { schema: residentSchemas.removeAlert }, async (request, reply) => {
    const resident = await residentOf(context, request);
    if (!resident) throw signInRequired();
    const id = /^[1-9][0-9]{0,14}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    if (id === undefined || !(await context.repositories.alerts.remove(id, resident.email))) {
      throw new ModerationApiError(404, 'not_found', `alert ${request.params.id} not found among your alerts; GET /residents/api/alerts lists them`);
    }
    return reply.code(204).send();
  });
};
