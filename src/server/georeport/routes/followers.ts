/**
 * Kerro extension of GeoReport: following a published request ("me too").
 *
 * GET requests/{id}/followers.[format] answers how many confirmed followers it has. POST with an
 * API key, `email` and `locale` starts a double opt-in (the use-case: ../follow-request.ts). The
 * answer is the same whether or not the address already follows, so the endpoint tells nobody
 * who follows what.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AbuseAnswer, FollowAnswer, FollowerCount } from '../../../shared/georeport/types';
import type { AppContext } from '../../context';
import { notFound } from '../../open311/errors';
import { readForm } from '../../open311/form-reader';
import { sendDocument } from '../../open311/reply';
import type { GeoReportFormat } from '../../open311/serializers';
import { followServiceRequest } from '../follow-request';
import { reportAbuse } from '../abuse-report';
import { inJurisdiction, type JurisdictionScope } from '../jurisdiction';

/** The path of a request's followers. */
interface FollowersPath {
  format: GeoReportFormat;
  service_request_id: string;
}

export function followerCountHandler(context: AppContext) {
  return async (reply: FastifyReply, { format, service_request_id: serviceRequestId, scope }: FollowersPath & { scope: JurisdictionScope }) => {
    const record = await context.repositories.serviceRequests.find(serviceRequestId);
    if (!record || record.moderation !== 'published' || !inJurisdiction(record, scope)) throw notFound(`service_request_id ${serviceRequestId} not found`);
    const body: FollowerCount = {
      service_request_id: serviceRequestId,
      follower_count: await context.repositories.followers.countFollowers(serviceRequestId),
    };
    return sendDocument(reply, { root: 'followers', body }, format);
  };
}

export function followHandler(context: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply, { format, service_request_id: serviceRequestId }: FollowersPath) => {
    const { fields } = await readForm(request, { receiveFile: async () => undefined });
    await followServiceRequest(context, serviceRequestId, fields, request.ip);
    const body: FollowAnswer = { service_request_id: serviceRequestId, status: 'confirmation_sent' };
    return sendDocument(reply, { root: 'follow', body }, format, 202);
  };
}

/** Kerro extension (issue 28): POST requests/{id}/abuse.[format], a resident's report of abuse (../abuse-report.ts). */
export function abuseHandler(context: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply, { format, service_request_id: serviceRequestId }: FollowersPath) => {
    const { fields } = await readForm(request, { receiveFile: async () => undefined });
    await reportAbuse(context, serviceRequestId, fields, request.ip);
    const body: AbuseAnswer = { service_request_id: serviceRequestId, status: 'received' };
    return sendDocument(reply, { root: 'abuse', body }, format, 202);
  };
}
