/**
 * Reporting abuse against a published request (issue 28), the use-case behind POST
 * requests/{id}/abuse.[format]: the key, the reason (plain text) and an optional address checked,
 * limited per request (the proxy also limits each client), then stored and audited. The request
 * goes back in front of its body's moderators (moderation API: GET requests?flag=abuse). Free of
 * HTTP; failures are GeoReport errors. The audit names no address and quotes no reason.
 */
import { abuseInputSchema } from '../../shared/georeport/abuse-input';
import { describeIssues } from '../../shared/georeport/request-input-schema';
import type { AppContext } from '../context';
import { badRequest, GeoReportError, notFound } from '../open311/errors';
import { singleValues, type FormFields } from '../open311/form-reader';
import { requireApiKey } from './api-key-check';

/** Reports per request within an hour: enough for real complaints, too few to flood its moderators. */
export const abuseLimits = { perRequest: 10, windowMs: 60 * 60_000 };

export async function reportAbuse(context: AppContext, serviceRequestId: string, fields: FormFields): Promise<void> {
  const { repositories } = context;
  const { values, problems } = singleValues(fields, ['api_key', 'reason', 'email']);
  await requireApiKey(repositories.apiKeys, values.api_key);
  const parsed = abuseInputSchema.safeParse({ reason: values.reason, email: values.email });
  if (!parsed.success) problems.push(...describeIssues(parsed.error).map((issue) => issue.message));
  if (problems.length > 0 || !parsed.success) throw badRequest(problems);

  const record = await repositories.serviceRequests.find(serviceRequestId);
  if (!record || record.moderation !== 'published') throw notFound(`service_request_id ${serviceRequestId} not found`);

  const now = context.now();
  const { count, resetAt } = await repositories.rateLimits.hit(`abuse:request:${serviceRequestId}`, abuseLimits.windowMs, now);
  if (count > abuseLimits.perRequest) {
    throw new GeoReportError(429, `too many reports about this request: at most ${abuseLimits.perRequest} an hour; try again in ${Math.ceil((resetAt - now) / 60_000)} minutes`);
  }
  const stored = await repositories.abuseReports.add({ service_request_id: serviceRequestId, reason: parsed.data.reason, email: parsed.data.email?.toLowerCase() ?? null, created_at: now });
  if (!stored) throw notFound(`service_request_id ${serviceRequestId} not found`);
  await repositories.moderation.recordAudit({
    at: now,
    moderator: 'resident',
    action: 'abuse_reported',
    service_request_id: serviceRequestId,
    details: { report: stored.id, email_given: stored.email !== null },
  });
}
