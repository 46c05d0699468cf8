/**
 * Reporting abuse against a published request (issue 28), the use-case behind POST
 * requests/{id}/abuse.[format]: the key, the reason (plain text) and an optional address checked,
 * limited per request, per request and client and per client (so a stranger alone cannot use up
 * a request's reports), then stored and audited. The request
 * goes back in front of its body's moderators (moderation API: GET requests?flag=abuse). Free of
 * HTTP; failures are GeoReport errors. The audit names no address and quotes no reason.
 */
import { abuseInputSchema } from '../../shared/georeport/abuse-input';
import { describeIssues } from '../../shared/georeport/request-input-schema';
import type { AppContext } from '../context';
import { countAgainstLimits, tryAgainIn } from '../http/requester-limits';
import { badRequest, GeoReportError, notFound } from '../open311/errors';
import { singleValues, type FormFields } from '../open311/form-reader';
import { requireApiKey } from './api-key-check';

/**
 * Reports within an hour: per request enough for real complaints and too few to flood its
 * moderators, a client's share of it small (15 clients are needed to use up a request's), and
 * per client overall.
 */
export const abuseLimits = { perRequestAndClient: 2, perRequest: 30, perClient: 10, windowMs: 60 * 60_000 };

/** `clientIp`: the requester as the route saw it (the proxy hands over its browser's). */
export async function reportAbuse(context: AppContext, serviceRequestId: string, fields: FormFields, clientIp: string): Promise<void> {
  const { repositories } = context;
  const { values, problems } = singleValues(fields, ['api_key', 'reason', 'email']);
  await requireApiKey(repositories.apiKeys, values.api_key);
  const parsed = abuseInputSchema.safeParse({ reason: values.reason, email: values.email });
  if (!parsed.success) problems.push(...describeIssues(parsed.error).map((issue) => issue.message));
  if (problems.length > 0 || !parsed.success) throw badRequest(problems);

  const record = await repositories.serviceRequests.find(serviceRequestId);
  if (!record || record.moderation !== 'published') throw notFound(`service_request_id ${serviceRequestId} not found`);

  const now = context.now();
  const refusal = await countAgainstLimits(
    repositories.rateLimits,
    clientIp,
    {
      scope: 'abuse',
      targets: [{ key: `request:${serviceRequestId}`, name: 'this request', perPair: abuseLimits.perRequestAndClient, perTarget: abuseLimits.perRequest }],
      perRequester: abuseLimits.perClient,
      windowMs: abuseLimits.windowMs,
    },
    now,
  );
  if (refusal) throw new GeoReportError(429, `too many reports of abuse ${refusal.whose}: at most ${refusal.max} an hour; ${tryAgainIn(refusal)}`, refusal.retryAfterSeconds);
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
