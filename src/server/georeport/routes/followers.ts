/**
 * Kerro extension of GeoReport: following a published request ("me too").
 *
 * GET requests/{id}/followers.[format] answers how many confirmed followers it has. POST with an
 * API key, `email` and `locale` starts a double opt-in: a confirmation email goes out and nothing
 * else is sent until its link is opened. The answer is the same whether or not the address
 * already follows, so the endpoint tells nobody who follows what. Per-address and per-request
 * limits keep it from being used to send mail to strangers.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serviceRequestInputSchema, describeIssues } from '../../../shared/georeport/request-input-schema';
import type { FollowAnswer, FollowerCount } from '../../../shared/georeport/types';
import { resolveLocale } from '../../../shared/locales';
import type { AppContext } from '../../context';
import { announceOutboxMessage } from '../../notify/outbox-signal';
import { confirmationMessage } from '../../notify/subscriber-messages';
import { badRequest, GeoReportError, notFound } from '../../open311/errors';
import { readForm, singleValues } from '../../open311/form-reader';
import { sendDocument } from '../../open311/reply';
import { requireApiKey } from '../api-key-check';
import type { GeoReportFormat } from '../../open311/serializers';

/** Confirmation emails per address (any request) and per request (any address) within an hour. */
export const followLimits = { perAddress: 5, perRequest: 50, windowMs: 60 * 60_000 };

const emailField = serviceRequestInputSchema.shape.email;

/** The path of a request's followers. */
interface FollowersPath {
  format: GeoReportFormat;
  service_request_id: string;
}

export function followerCountHandler(context: AppContext) {
  return async (reply: FastifyReply, { format, service_request_id: serviceRequestId }: FollowersPath) => {
    const record = await context.repositories.serviceRequests.find(serviceRequestId);
    if (!record || record.moderation !== 'published') throw notFound(`service_request_id ${serviceRequestId} not found`);
    const body: FollowerCount = {
      service_request_id: serviceRequestId,
      follower_count: await context.repositories.followers.countFollowers(serviceRequestId),
    };
    return sendDocument(reply, { root: 'followers', body }, format);
  };
}

export function followHandler(context: AppContext) {
  const { repositories, config } = context;
  return async (request: FastifyRequest, reply: FastifyReply, { format, service_request_id: serviceRequestId }: FollowersPath) => {
    const { fields } = await readForm(request, { receiveFile: async () => undefined });
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
    const body: FollowAnswer = { service_request_id: serviceRequestId, status: 'confirmation_sent' };
    return sendDocument(reply, { root: 'follow', body }, format, 202);
  };
}
