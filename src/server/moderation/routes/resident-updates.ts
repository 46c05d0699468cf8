/**
 * Residents' updates waiting for a moderator: the list (the moderator's bodies only, as with
 * requests) and the decision on each, run as a plan with the request's change
 * (../resident-update-plans.ts): audited, its history and email committed with it.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resolveLocale } from '../../../shared/locales';
import type { ModerationUpdate } from '../../../shared/moderation/resident-updates';
import type { AppContext } from '../../context';
import { requirePublicBaseUrl } from '../../http/public-base-url';
import { mediaUrl } from '../../media/routes';
import { announceOutboxMessage } from '../../notify/outbox-signal';
import { translationOf } from '../../open311/presenter';
import { ResidentUpdateNotPending } from '../../storage/errors';
import type { ChangePlan, ResidentUpdateRecord, ServiceRequestRecord, ServiceTypeRecord } from '../../storage/repositories/types';
import { formatW3cDateTime } from '../../time/w3c';
import { changeContextOf } from '../change-context';
import { conflict, invalidHost, notFound } from '../errors';
import { publishUpdatePlan, rejectUpdatePlan } from '../resident-update-plans';
import { bodyScopeOf, inScope, scopedPlan } from '../scope';
import type { ChangeContext } from '../../notify/public-change';
import { residentUpdateSchemas } from './resident-update-schemas';

const updateNotFound = (id: string) => notFound(`update ${id} not found`);

export const residentUpdateRoutes: FastifyPluginAsync<{ context: AppContext }> = async (plugin, { context }) => {
  // Each route's params and query come parsed by its schema (./resident-update-schemas.ts).
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { config, repositories } = context;
  const baseUrl = (request: FastifyRequest) => requirePublicBaseUrl(request, config, invalidHost);

  const present = (request: FastifyRequest, update: ResidentUpdateRecord, record: ServiceRequestRecord | undefined, types: ServiceTypeRecord[], locale: string | undefined): ModerationUpdate => {
    const type = types.find((candidate) => candidate.service_code === record?.service_code);
    return {
      update_id: update.id,
      service_request_id: update.service_request_id,
      report_title: record?.title || (type ? translationOf(type, resolveLocale(locale)).service_name : update.service_request_id),
      moderation: update.moderation,
      text: update.text,
      photo_url: update.media_file ? mediaUrl(baseUrl(request), update.media_file) : null,
      name: update.name,
      show_name: update.show_name,
      state: update.state,
      created_at: formatW3cDateTime(update.created_at, config.TZ_NAME),
    };
  };

  /** The update, if it exists and its request is in the moderator's bodies; one of another body is answered as absent. */
  const findInScope = async (request: FastifyRequest, id: string) => {
    const update = await repositories.residentUpdates.find(id);
    const record = update && (await repositories.serviceRequests.find(update.service_request_id));
    return update && record && inScope(bodyScopeOf(request), record.body_id) ? update : undefined;
  };

  app.get('/updates', { schema: residentUpdateSchemas.list }, async (request) => {
    const { query } = request;
    const updates = await repositories.residentUpdates.listPending({ limit: query.limit, bodyIds: bodyScopeOf(request) });
    const types = await repositories.serviceTypes.list();
    const items = await Promise.all(
      updates.map(async (update) => present(request, update, await repositories.serviceRequests.find(update.service_request_id), types, query.locale)),
    );
    return { items };
  });

  type Decision = FastifyRequest<{ Params: { id: string }; Querystring: { locale?: string | undefined } }>;
  const decide = async (request: Decision, makePlan: (planContext: ChangeContext, update: ResidentUpdateRecord) => ChangePlan) => {
    const { id } = request.params;
    const { locale } = request.query;
    const update = await findInScope(request, id);
    if (!update) throw updateNotFound(id);
    if (update.moderation !== 'pending') throw conflict(`update ${id} is already ${update.moderation}`);
    const types = await repositories.serviceTypes.list();
    const plan = scopedPlan(bodyScopeOf(request), makePlan(changeContextOf(context, request, types), update));
    try {
      const applied = await repositories.unitOfWork.changeRequest(update.service_request_id, plan);
      if (!applied) throw updateNotFound(id);
      if (applied.notificationQueued) announceOutboxMessage();
    } catch (error) {
      // Another moderator decided it first, between the read above and the change.
      if (error instanceof ResidentUpdateNotPending) throw conflict(`update ${id} was decided by someone else just now`);
      throw error;
    }
    const decided = (await repositories.residentUpdates.find(id))!;
    return present(request, decided, await repositories.serviceRequests.find(decided.service_request_id), types, locale);
  };

  app.post('/updates/:id/publish', { schema: residentUpdateSchemas.publish }, async (request) => {
    // Its body may hear of it (a mySociety-updates case system): the plan picks the body inside the transaction.
    const bodies = new Map((await repositories.bodies.list()).map((body) => [body.id, body]));
    return decide(request, (planContext, update) => publishUpdatePlan(planContext, update, (bodyId) => bodies.get(bodyId)));
  });
  app.post('/updates/:id/reject', { schema: residentUpdateSchemas.reject }, (request) => decide(request, rejectUpdatePlan));
};
