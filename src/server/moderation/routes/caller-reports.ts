/**
 * POST /requests: a report a moderator records for a caller (issue 41, item 8), created as a
 * resident's is (georeport/staff-report.ts, given by app.ts as `recordCallerReport`) and, when the moderator ticks "publish now", published in
 * the same call with the publish plan, audited and told as any publication.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { announceForwardJob } from '../../forwarding/forward-signal';
import { announceOutboxMessage } from '../../notify/outbox-signal';
import { sessionOf } from '../auth';
import { changeContextOf } from '../change-context';
import { publishPlan } from '../changes';
import { errorAnswers, jsonAnswer } from '../error-schemas';
import { ModerationApiError } from '../errors';
import { callerReportBody, refuseModerationInput } from '../input';
import { bodyScopeOf, inScope, scopedPlan } from '../scope';

/** The caller's report and how its refusals are worded, for the GeoReport service's creation, which app.ts gives this API. */
export type RecordCallerReport = (
  refuse: {
    input: (error: z.ZodError) => Error;
    problem: (message: string, field?: { field: string; code: 'invalid' | 'unknown_service_code' }) => Error;
  },
  recorder: { moderator: string; bodyAllowed: (bodyId: string | null) => boolean },
  report: Omit<z.output<typeof callerReportBody>, 'publish_now'>,
) => Promise<{ service_request_id: string }>;

/** The service's refusals in this API's format: every one a 400 that says what to fix, at its field when it names one. */
const refusals: Parameters<RecordCallerReport>[0] = {
  input: refuseModerationInput,
  problem: (message, field) => new ModerationApiError(400, 'invalid_input', message, field ? { fields: [{ ...field, message }] } : {}),
};

const recorded = z.strictObject({ service_request_id: z.string(), moderation: z.enum(['pending', 'published']) });

export const callerReportSchema = {
  tags: ['Moderation (session cookie; X-CSRF-Token on every change)'],
  summary:
    "Record a caller's report (taken by phone or at a desk): the residents' fields and rules plus the caller's name, email and phone (never public); audited as recorded_by_staff; the caller's email gets the receipt. Pending unless publish_now",
  body: callerReportBody,
  response: { 201: jsonAnswer('The recorded report', recorded), ...errorAnswers(400, 401, 403, 404) },
};

export const callerReportRoutes: FastifyPluginAsync<{ context: AppContext; recordCallerReport: RecordCallerReport }> = async (plugin, { context, recordCallerReport }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post('/requests', { schema: callerReportSchema }, async (request, reply) => {
    const { publish_now: publishNow, ...report } = request.body;
    const scope = bodyScopeOf(request);
    const recorder = { moderator: sessionOf(request).moderator_name, bodyAllowed: (bodyId: string | null) => inScope(scope, bodyId) };
    const created = await recordCallerReport(refusals, recorder, report);
    let moderation: 'pending' | 'published' = 'pending';
    if (publishNow) {
      const bodies = new Map((await context.repositories.bodies.list()).map((body) => [body.id, body]));
      const planContext = changeContextOf(context, request, await context.repositories.serviceTypes.list());
      const applied = await context.repositories.unitOfWork.changeRequest(
        created.service_request_id,
        scopedPlan(scope, publishPlan(planContext, (bodyId) => bodies.get(bodyId))),
      );
      if (applied?.notificationQueued) announceOutboxMessage();
      announceForwardJob();
      moderation = 'published';
    }
    return reply.code(201).send({ service_request_id: created.service_request_id, moderation });
  });
};
