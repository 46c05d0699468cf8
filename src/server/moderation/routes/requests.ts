/** The queue, the lists, one request, and the changes moderators make to requests. */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requirePublicBaseUrl } from '../../http/public-base-url';
import { announceOutboxMessage } from '../../notify/outbox-signal';
import { announceForwardJob } from '../../forwarding/forward-signal';
import type { ServiceRequestRecord, ServiceTypeRecord } from '../../storage/repositories/types';
import { sessionOf } from '../auth';
import { changeContextOf } from '../change-context';
import {
  duplicatePlan,
  editPlan,
  movePlan,
  publishPlan,
  rejectPlan,
  removeMediaPlan,
  serviceTypePlan,
  statusPlan,
  type ChangeContext,
  type Rejection,
} from '../changes';
import { bodiesTakingNotes, caseSystemNotePlan } from '../case-system-note';
import { likelyDuplicatesOf } from '../duplicates';
import { listPage } from '../flagged-pages';
import { conflict, invalidHost, ModerationApiError } from '../errors';
import type { ChangePlan, ModerationRepository } from '../../storage/repositories/types';
import type { PlaceBodies } from '../reassign';
import { bodyName } from '../../bodies/assign';
import { bodyScopeOf, inScope, lastBodyMove, requestMovedAway, requestNotFound, scopedPlan } from '../scope';
import { presentAuditEntry, presentModerationItems } from '../view';
import { deskOf } from '../desk';
import { assignmentRoutes, assignRequest } from './assignment';
import { bulkRoutes } from './bulk';
import { internalNoteRoutes } from './internal-notes';
import { moderationSchemas } from './schemas';

export const requestRoutes: FastifyPluginAsync<{ context: AppContext; repository: ModerationRepository }> = async (
  plugin,
  { context, repository },
) => {
  // Each route's params, query and body come parsed by its schema (./schemas.ts, ../input.ts).
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { config } = context;
  const { serviceRequests, serviceTypes } = context.repositories;
  const mediaStore = context.repositories.media;
  const publicBaseUrl = (request: FastifyRequest) => requirePublicBaseUrl(request, config, invalidHost);

  /** Likely duplicates are looked for where a moderator still decides: pending and published requests. */
  const duplicatesOf = async (records: ServiceRequestRecord[], scope: string[] | undefined) =>
    new Map(
      await Promise.all(
        records
          .filter((record) => record.moderation !== 'rejected')
          .map(async (record) => [record.service_request_id, await likelyDuplicatesOf(serviceRequests, record, scope)] as const),
      ),
    );

  const present = async (request: FastifyRequest, records: ServiceRequestRecord[], locale: string | undefined) => {
    // One look-up per page, however many requests it holds.
    const forwards = await context.repositories.forwards.findFor(records.map((record) => record.service_request_id));
    const forwardedBodies = records.filter((record) => forwards.has(record.service_request_id)).map((record) => record.body_id);
    const assignments = await context.repositories.requestDesk.assignmentsFor(records.map((record) => record.service_request_id));
    return presentModerationItems(records, await serviceTypes.list(), {
      locale,
      timeZone: config.TZ_NAME,
      baseUrl: publicBaseUrl(request),
      history: await context.repositories.requestHistory.listFor(records.map((record) => record.service_request_id)),
      duplicates: await duplicatesOf(records, bodyScopeOf(request)),
      forwards,
      bodiesTakingNotes: await bodiesTakingNotes(context.repositories.bodies, forwardedBodies),
      questionnaires: await context.repositories.questionnaires.findFor(records.map((record) => record.service_request_id)),
      abuseReports: await context.repositories.abuseReports.listOpen(records.map((record) => record.service_request_id)),
      now: context.now(),
      assignees: new Map([...assignments].map(([id, assignment]) => [id, assignment.moderator_name])),
      moderator: sessionOf(request).moderator_name,
    });
  };

  /** The request if it exists and is in the moderator's bodies; one of another body is answered as absent. */
  const findInScope = async (request: FastifyRequest, id: string) => {
    const record = await serviceRequests.find(id);
    return record && inScope(bodyScopeOf(request), record.body_id) ? record : undefined;
  };

  /** Why a request is not the moderator's: a move took it out of their bodies (named), or it is absent to them. */
  const absenceOf = async (request: FastifyRequest, id: string, locale: string | undefined) => {
    const scope = bodyScopeOf(request);
    const record = scope ? await serviceRequests.find(id) : undefined;
    if (!record?.body_id) return requestNotFound(id);
    const moved = lastBodyMove(await repository.listAudit({ serviceRequestId: id, limit: 50 }));
    if (moved?.to !== record.body_id || !inScope(scope, moved.from)) return requestNotFound(id);
    const body = await context.repositories.bodies.find(record.body_id);
    return body ? requestMovedAway(id, bodyName(body, locale ?? 'en')) : requestNotFound(id);
  };

  /** After a change the moderator made, the request is shown as it is now, even if the change gave it to another body. */
  const detail = async (request: FastifyRequest, id: string, locale: string | undefined, afterChange = false) => {
    const record = afterChange ? await serviceRequests.find(id) : await findInScope(request, id);
    if (!record) throw await absenceOf(request, id, locale);
    const [item] = await present(request, [record], locale);
    const audit = await repository.listAudit({ serviceRequestId: id, limit: 200 });
    const desk = await deskOf(context.repositories, record, config.TZ_NAME);
    return { ...item!, audit: audit.map((entry) => presentAuditEntry(entry, config.TZ_NAME)), ...desk };
  };

  // Assignment and internal notes (issue 41, item 5) live in their own files, answering the same detail.
  await plugin.register(assignmentRoutes, { context, findInScope, detail });
  await plugin.register(internalNoteRoutes, { context, findInScope, detail });

  /** A list position given as a request id; it must be in the list being paged. */
  const cursorOf = async (request: FastifyRequest, id: string | undefined, moderation: ServiceRequestRecord['moderation'], field: string) => {
    if (id === undefined) return undefined;
    const record = await findInScope(request, id);
    if (!record || record.moderation !== moderation) {
      throw new ModerationApiError(400, 'invalid_input', `${field} must be the id of a request in this list`, {
        fields: [{ field, message: 'not a request in this list', code: 'invalid_id' }],
      });
    }
    return { requested_at: record.requested_at, service_request_id: record.service_request_id };
  };

  app.get('/queue', { schema: moderationSchemas.queue }, async (request) => {
    const { query } = request;
    const bodyIds = bodyScopeOf(request);
    const { records, last } = await listPage(serviceRequests, {
      moderation: 'pending',
      order: 'oldest',
      limit: query.limit,
      after: await cursorOf(request, query.after, 'pending', 'after'),
      bodyIds,
      flag: query.flag,
      now: context.now(),
      moderator: sessionOf(request).moderator_name,
    });
    return {
      total: await serviceRequests.countByModeration('pending', bodyIds),
      items: await present(request, records, query.locale),
      next_after: last?.service_request_id ?? null,
    };
  });

  app.get('/requests', { schema: moderationSchemas.list }, async (request) => {
    const { query } = request;
    // Issue 28's `?flag=reopened` and `?flag=abuse` listed published requests; a flag alone still does.
    const state = query.state ?? (query.flag ? 'published' : 'pending');
    const { records, last } = await listPage(serviceRequests, {
      moderation: state,
      order: 'newest',
      limit: query.limit,
      after: await cursorOf(request, query.before, state, 'before'),
      bodyIds: bodyScopeOf(request),
      flag: query.flag,
      now: context.now(),
      moderator: sessionOf(request).moderator_name,
    });
    return {
      items: await present(request, records, query.locale),
      next_before: last?.service_request_id ?? null,
    };
  });

  app.get('/requests/:id', { schema: moderationSchemas.detail }, async (request) => {
    return detail(request, request.params.id, request.query.locale);
  });

  /** The bodies covering a point a change leaves a request at; none asked when the installation has no bodies. */
  const placeBodies = async (point: { lat: number; long: number }): Promise<PlaceBodies | undefined> =>
    (await context.repositories.bodies.count()) === 0 ? undefined : { point, bodies: await context.repositories.bodies.at(point.lat, point.long) };

  const changeContext = (request: FastifyRequest, serviceTypes: ServiceTypeRecord[]): ChangeContext => changeContextOf(context, request, serviceTypes);

  /** Runs a plan in one transaction, then does what must follow the commit (a single change and each of a bulk one). */
  const applyChange = async (request: FastifyRequest, id: string, makePlan: (context: ChangeContext) => ChangePlan, relatedId?: string) => {
    const planContext = changeContext(request, await serviceTypes.list());
    const plan = scopedPlan(bodyScopeOf(request), makePlan(planContext));
    const applied = await context.repositories.unitOfWork.changeRequest(id, plan, relatedId);
    if (!applied) throw requestNotFound(id);
    if (applied.removedMediaFile) {
      // After the commit: a failed unlink leaves an orphan file, never a row pointing at nothing.
      await mediaStore.remove(applied.removedMediaFile).catch((error: unknown) =>
        request.log.warn({ err: error, serviceRequestId: id }, 'removed photo row; its file could not be deleted'),
      );
    }
    if (applied.notificationQueued) announceOutboxMessage();
  };

  /** A change, answered with the request as it is now. */
  const change = async (
    request: FastifyRequest<{ Querystring: { locale?: string | undefined } }>,
    id: string,
    makePlan: (context: ChangeContext) => ChangePlan,
    relatedId?: string,
  ) => {
    // Every input was validated by the route's schemas before the change: a request refused for a
    // bad ?locale= has changed nothing.
    await applyChange(request, id, makePlan, relatedId);
    return detail(request, id, request.query.locale, true);
  };

  /** The changes a bulk action makes, each exactly the single action's (./bulk.ts). */
  const publish = async (request: FastifyRequest, id: string) => {
    const bodies = new Map((await context.repositories.bodies.list()).map((body) => [body.id, body]));
    await applyChange(request, id, (planContext) => publishPlan(planContext, (bodyId) => bodies.get(bodyId)));
    announceForwardJob(); // a hint: the sender finds whether the publication queued a job
  };
  const reject = (request: FastifyRequest, id: string, rejection: Rejection) => applyChange(request, id, (planContext) => rejectPlan(planContext, rejection));
  const setStatus = (request: FastifyRequest, id: string, detailedStatus: string[], statusNotes: string | undefined) =>
    applyChange(request, id, (planContext) => statusPlan(planContext, detailedStatus, statusNotes));
  const assign = (request: FastifyRequest, id: string, moderator: string | null) => assignRequest({ context, findInScope }, request, id, moderator);
  const findTemplate = async (request: FastifyRequest, templateId: number) => {
    const template = await context.repositories.responseTemplates.find(templateId);
    return template && inScope(bodyScopeOf(request), template.body_id) ? template : undefined;
  };
  await plugin.register(bulkRoutes, { actions: { publish, reject, setStatus, assign }, findInScope, findTemplate });

  app.post('/requests/:id/publish', { schema: moderationSchemas.publish }, async (request) => {
    const { id } = request.params;
    await publish(request, id);
    return detail(request, id, request.query.locale, true);
  });

  /** A duplicate is rejected as the duplicate route marks it (its followers move to the original); every other reason by the reject plan. */
  app.post('/requests/:id/reject', { schema: moderationSchemas.reject }, async (request) => {
    const { id } = request.params;
    const { reason, where, original, note } = request.body;
    if (reason === 'duplicate') return markDuplicate(request, id, original!);
    await reject(request, id, { reason, where, note });
    return detail(request, id, request.query.locale, true);
  });

  app.patch('/requests/:id', { schema: moderationSchemas.edit }, async (request) => {
    const { id } = request.params;
    const edit = request.body;
    return change(request, id, (planContext) => editPlan(planContext, edit));
  });

  app.delete('/requests/:id/media/:position', { schema: moderationSchemas.removeMedia }, async (request) => {
    const { id, position } = request.params;
    return change(request, id, (planContext) => removeMediaPlan(planContext, position));
  });

  app.post('/requests/:id/status', { schema: moderationSchemas.status }, async (request) => {
    const { id } = request.params;
    const { body } = request;
    await setStatus(request, id, body.detailed_status, body.status_notes);
    return detail(request, id, request.query.locale, true);
  });

  const markDuplicate = (request: FastifyRequest<{ Querystring: { locale?: string | undefined } }>, id: string, original: string) => {
    if (original === id) {
      throw new ModerationApiError(400, 'invalid_input', 'original: a request cannot be a duplicate of itself; give the id of the original report', {
        fields: [{ field: 'original', message: 'a request cannot be a duplicate of itself', code: 'invalid_id' }],
      });
    }
    return change(request, id, (planContext) => duplicatePlan(planContext, original), original);
  };

  app.post('/requests/:id/duplicate', { schema: moderationSchemas.duplicate }, async (request) => markDuplicate(request, request.params.id, request.body.original));

  app.post('/requests/:id/location', { schema: moderationSchemas.move }, async (request) => {
    const { id } = request.params;
    const point = request.body;
    const place = await placeBodies(point);
    return change(request, id, (planContext) => movePlan(planContext, point, place));
  });

  app.post('/requests/:id/service-type', { schema: moderationSchemas.serviceType }, async (request) => {
    const { id } = request.params;
    const { service_code: serviceCode } = request.body;
    const type = await serviceTypes.find(serviceCode);
    if (!type || type.archived_at !== undefined) {
      throw new ModerationApiError(400, 'invalid_input', `service_code: no service type ${serviceCode} is offered; choose one from the service list`, {
        fields: [{ field: 'service_code', message: `no service type ${serviceCode}`, code: 'unknown_service_code' }],
      });
    }
    const current = await serviceRequests.find(id);
    const place = current?.lat != null && current.long != null ? await placeBodies({ lat: current.lat, long: current.long }) : undefined;
    return change(request, id, (planContext) => serviceTypePlan(planContext, serviceCode, place));
  });

  /**
   * Resolves the request's open reports of abuse (issue 28): `keep` leaves it published, `hide`
   * rejects it through the reject plan (it leaves every listing; subscribers are told as for any
   * rejection). Either way the reports close and the audit log says how.
   */
  app.post('/requests/:id/abuse/resolve', { schema: moderationSchemas.resolveAbuse }, async (request) => {
    const { id } = request.params;
    const { action, reason, note } = request.body;
    const { locale } = request.query;
    const record = await findInScope(request, id);
    if (!record) throw requestNotFound(id);
    if ((await context.repositories.abuseReports.listOpen([id])).size === 0) throw conflict(`service request ${id} has no open reports of abuse`);
    const moderator = sessionOf(request).moderator_name;
    if (action === 'hide') await change(request, id, (planContext) => rejectPlan(planContext, { reason, note }));
    const now = context.now();
    const resolved = await context.repositories.abuseReports.resolve(id, action === 'hide' ? 'hidden' : 'kept', moderator, now);
    await repository.recordAudit({ at: now, moderator, action: 'abuse_resolved', service_request_id: id, details: { resolution: action, reports: resolved } });
    return detail(request, id, locale, true);
  });

  /**
   * A note for the body's case system (issue 40, item 8), on a report sent there or on its way:
   * queued with its audit entry, posted once by the case-system update sender.
   */
  app.post('/requests/:id/case-system-note', { schema: moderationSchemas.caseSystemNote }, async (request) => {
    const { id } = request.params;
    const { text } = request.body;
    const forward = (await context.repositories.forwards.findFor([id])).get(id);
    if ((await findInScope(request, id)) && (!forward || forward.failed_at !== null)) {
      throw conflict(`service request ${id} has not gone to its body's case system${forward ? ' (its send failed; retry it first)' : ''}, so there is nowhere to post a note`);
    }
    const bodies = new Map((await context.repositories.bodies.list()).map((body) => [body.id, body]));
    return change(request, id, (planContext) => caseSystemNotePlan(planContext, text, (bodyId) => bodies.get(bodyId)));
  });

  /**
   * A send the sender gave up on goes back in the queue, due now, with fresh attempts. Audited
   * like every change a moderator makes.
   */
  app.post('/requests/:id/forward/retry', { schema: moderationSchemas.retryForward }, async (request) => {
    const { id } = request.params;
    const { locale } = request.query;
    const record = await findInScope(request, id);
    if (!record) throw requestNotFound(id);
    const now = context.now();
    if ((await context.repositories.forwards.retryFailed(now, id)) === 0) {
      throw conflict(`service request ${id} has no failed send to retry: it is waiting, already sent, or its body works in this console`);
    }
    await repository.recordAudit({ at: now, moderator: sessionOf(request).moderator_name, action: 'forward_retry', service_request_id: id, details: {} });
    announceForwardJob(); // this process's sender tries it at once rather than at its next poll
    return detail(request, id, locale);
  });
};
