/**
 * POST /requests: a report a moderator records for a caller (issue 41, item 8), created as a
 * resident's is (georeport/staff-report.ts, given by app.ts as `recordCallerReport`) and, when the moderator ticks "publish now", published in
 * the same call with the publish plan, audited and told as any publication. Its body is JSON, or,
 * with photos, multipart (../caller-report-form.ts) under the residents' photo limits and upload budget.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { announceForwardJob } from '../../forwarding/forward-signal';
import { validateRoutesButStreamedForms } from '../../http/route-validation';
import { announceOutboxMessage } from '../../notify/outbox-signal';
import { registerPhotoUploads, uploadRetryAfterSeconds, type UploadRefusal } from '../../open311/form-body-parsers';
import { createUploadSpool, uploadSpoolDirectory, type SpooledFile } from '../../open311/upload-spool';
import { sessionOf } from '../auth';
import { readCallerReportForm } from '../caller-report-form';
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
  /** Its photos as received, checked and stored as a resident's are. */
  photos: SpooledFile[],
) => Promise<{ service_request_id: string }>;

/** The service's refusals in this API's format: every one a 400 that says what to fix, at its field when it names one. */
const refusals: Parameters<RecordCallerReport>[0] = {
  input: refuseModerationInput,
  problem: (message, field) => new ModerationApiError(400, 'invalid_input', message, field ? { fields: [{ ...field, message }] } : {}),
};

/** An upload refused before it is read, in this API's format. */
const uploadRefusal: UploadRefusal = (status, message) => {
  const codes = { 400: 'invalid_input', 413: 'body_too_large', 429: 'too_many_uploads', 503: 'unavailable' } as const;
  return new ModerationApiError(status, codes[status], message, status === 429 || status === 503 ? { retryAfterSeconds: uploadRetryAfterSeconds } : {});
};

/**
 * Hands `use` the report in the body, checked by the route's schema: the JSON body itself, or a
 * multipart form's `report` field with its photos, whose spool is removed once `use` is done.
 */
async function withCallerReport<T>(request: FastifyRequest, spoolBase: string, use: (report: z.output<typeof callerReportBody>, photos: SpooledFile[]) => Promise<T>): Promise<T> {
  const parse = (report: unknown) => {
    const parsed = callerReportBody.safeParse(report ?? {});
    if (!parsed.success) throw refuseModerationInput(parsed.error);
    return parsed.data;
  };
  if (!request.isMultipart()) return use(parse(request.body), []);
  const spool = await createUploadSpool(spoolBase);
  try {
    const form = await readCallerReportForm(request, spool);
    return await use(parse(form.report), form.photos);
  } finally {
    await spool.dispose();
  }
}

const recorded = z.strictObject({ service_request_id: z.string(), moderation: z.enum(['pending', 'published']) });

export const callerReportSchema = {
  tags: ['Moderation (session cookie; X-CSRF-Token on every change)'],
  summary:
    "Record a caller's report (taken by phone or at a desk): the residents' fields and rules plus the caller's name, email and phone (never public); audited as recorded_by_staff; the caller's email gets the receipt. Pending unless publish_now. With photos, send multipart/form-data: this object as JSON in the field `report`, each photo as a `media` part (the residents' limits)",
  body: callerReportBody,
  response: { 201: jsonAnswer('The recorded report', recorded), ...errorAnswers(400, 401, 403, 404) },
};

export const callerReportRoutes: FastifyPluginAsync<{ context: AppContext; recordCallerReport: RecordCallerReport }> = async (plugin, { context, recordCallerReport }) => {
  // The multipart form is streamed to the handler (photos spooled as they come), which checks it with the route's schema.
  validateRoutesButStreamedForms(plugin, refuseModerationInput);
  await registerPhotoUploads(plugin, context.config, context.uploads, uploadRefusal);
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post('/requests', { schema: callerReportSchema }, async (request, reply) => {
    const scope = bodyScopeOf(request);
    const recorder = { moderator: sessionOf(request).moderator_name, bodyAllowed: (bodyId: string | null) => inScope(scope, bodyId) };
    const answer = await withCallerReport(request, uploadSpoolDirectory(context.config), async ({ publish_now: publishNow, ...report }, photos) => {
      const { service_request_id: id } = await recordCallerReport(refusals, recorder, report, photos);
      if (publishNow) await publishRecorded(context, request, scope, id);
      return { service_request_id: id, moderation: publishNow ? ('published' as const) : ('pending' as const) };
    });
    return reply.code(201).send(answer);
  });
};

/** "Publish now": the publish plan, in the moderator's bodies, audited and told as any publication. */
async function publishRecorded(context: AppContext, request: FastifyRequest, scope: ReturnType<typeof bodyScopeOf>, id: string) {
  const bodies = new Map((await context.repositories.bodies.list()).map((body) => [body.id, body]));
  const planContext = changeContextOf(context, request, await context.repositories.serviceTypes.list());
  const applied = await context.repositories.unitOfWork.changeRequest(id, scopedPlan(scope, publishPlan(planContext, (bodyId) => bodies.get(bodyId))));
  if (applied?.notificationQueued) announceOutboxMessage();
  announceForwardJob();
}
