/**
 * Following a published request ("me too"), the use-case behind POST
 * requests/{id}/followers.[format]: the key and the address checked, per-address and per-request
 * limits (so it cannot be used to send mail to strangers), then the confirmation email composed
 * and queued with the pending follow. Nothing else is sent until its link is opened. Free of
 * HTTP; failures are GeoReport errors.
 */
import { createHash } from 'node:crypto';
import { describeIssues, serviceRequestInputSchema } from '../../shared/georeport/request-input-schema';
import { resolveLocale } from '../../shared/locales';
import type { AppContext } from '../context';
import { announceOutboxMessage } from '../notify/outbox-signal';
import { confirmationMessage } from '../notify/subscriber-messages';
import { badRequest, GeoReportError, notFound } from '../open311/errors';
import { singleValues, type FormFields } from '../open311/form-reader';
import { requireApiKey } from './api-key-check';

/** Confirmation emails per address (any request) and per request (any address) within an hour. */
export const followLimits = { perAddress: 5, perRequest: 50, windowMs: 60 * 60_000 };

const emailField = serviceRequestInputSchema.shape.email;

/** Starts a double opt-in for the form's address; the same outcome whether or not it already follows. */
export async function followServiceRequest(context: AppContext, serviceRequestId: string, fields: FormFields): Promise<void> {
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
  const addressKey = createHash('sha256').update(email.toLowerCase()).digest('hex');
  for (const [key, max] of [[`follow:address:${addressKey}`, followLimits.perAddress], [`follow:request:${serviceRequestId}`, followLimits.perRequest]] as const) {
    const { count, resetAt } = await repositories.rateLimits.hit(key, followLimits.windowMs, now);
    if (count > max) {
      throw new GeoReportError(429, `too many follow requests: at most ${max} an hour; try again in ${Math.ceil((resetAt - now) / 60_000)} minutes`);
    }
  }

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
