/**
 * Following a published request ("me too"), the use-case behind POST
 * requests/{id}/followers.[format]: the key and the address checked, limits per address and per
 * request, each with a share per client (so it cannot be used to send mail to strangers, and a
 * stranger alone cannot use up a resident's or a report's follows), then the confirmation email composed
 * and queued with the pending follow. Nothing else is sent until its link is opened. Free of
 * HTTP; failures are GeoReport errors.
 */
import { describeIssues, serviceRequestInputSchema } from '../../shared/georeport/request-input-schema';
import { resolveLocale } from '../../shared/locales';
import type { AppContext } from '../context';
import { countAgainstLimits, sha256Hex, tryAgainIn } from '../http/requester-limits';
import { announceOutboxMessage } from '../notify/outbox-signal';
import { confirmationMessage } from '../notify/subscriber-messages';
import { badRequest, GeoReportError, notFound } from '../open311/errors';
import { singleValues, type FormFields } from '../open311/form-reader';
import { requireApiKey } from './api-key-check';

/**
 * Confirmation emails within an hour: per address (any request) and per request (any address),
 * each with a share per client, and per client overall. Many clients are needed to use up an
 * address's (seven) or a report's (34) follows.
 */
export const followLimits = { perAddressAndClient: 3, perAddress: 20, perRequestAndClient: 3, perRequest: 100, perClient: 20, windowMs: 60 * 60_000 };

const emailField = serviceRequestInputSchema.shape.email;

/** Starts a double opt-in for the form's address; the same outcome whether or not it already follows. */
/** `clientIp`: the requester as the route saw it (the proxy hands over its browser's). */
export async function followServiceRequest(context: AppContext, serviceRequestId: string, fields: FormFields, clientIp: string): Promise<void> {
  const { repositories, config } = context;
  const { values, problems } = singleValues(fields, ['api_key', 'email', 'locale']);
  await requireApiKey(repositories.apiKeys, values.api_key);
  if (values.email === undefined || values.email.trim() === '') problems.push('email is required: the address the confirmation goes to');
  const parsed = emailField.safeParse(values.email);
  if (!parsed.success) problems.push(...describeIssues(parsed.error).map((issue) => issue.message));
  if (problems.length > 0 || !parsed.success || !parsed.data) throw badRequest(problems);
  const email = parsed.data;

  const record = await repositories.serviceRequests.find(serviceRequestId);
  if (!record || record.moderation !== 'published') throw notFound(`service_request_id ${serviceRequestId} not found`);

  const now = context.now();
  // Keyed by a hash: the rate-limit table must not become a list of addresses.
  const refusal = await countAgainstLimits(
    repositories.rateLimits,
    clientIp,
    {
      scope: 'follow',
      targets: [
        { key: `address:${sha256Hex(email.toLowerCase())}`, name: 'this address', perPair: followLimits.perAddressAndClient, perTarget: followLimits.perAddress },
        { key: `request:${serviceRequestId}`, name: 'this request', perPair: followLimits.perRequestAndClient, perTarget: followLimits.perRequest },
      ],
      perRequester: followLimits.perClient,
      windowMs: followLimits.windowMs,
    },
    now,
  );
  if (refusal) throw new GeoReportError(429, `too many follow requests ${refusal.whose}: at most ${refusal.max} an hour; ${tryAgainIn(refusal)}`, refusal.retryAfterSeconds);

  const settings = {
    links: context.mailLinks,
    timeZone: config.TZ_NAME,
    mailFrom: config.MAIL_FROM,
    serviceTypes: await repositories.serviceTypes.list(),
    now,
  };
  const outcome = await repositories.followers.requestFollow(
    { service_request_id: serviceRequestId, email, locale: resolveLocale(values.locale), now },
    confirmationMessage(record, settings),
  );
  if (outcome === 'no_such_request') throw notFound(`service_request_id ${serviceRequestId} not found`);
  if (outcome === 'confirmation_queued') announceOutboxMessage();
}
