/**
 * GET tokens/{token}.[format]: GeoReport v2's way for a client to learn the id of a request that a
 * POST answered with a token. Kerro answers every POST with the id at once, and that id is also
 * the request's token, so a client that asks (FixMyStreet's does when an answer carries a token,
 * Code for America's `three` exposes it) gets the id back. The id is unguessable and is the secret
 * of a request still awaiting moderation, as for requests/{id}: nothing else of the request shows.
 */
import type { FastifyReply } from 'fastify';
import type { TokenAnswer } from '../../../shared/georeport/types';
import type { AppContext } from '../../context';
import type { ListDocument } from '../../open311/document';
import { notFound } from '../../open311/errors';
import { sendDocument } from '../../open311/reply';
import type { GeoReportFormat } from '../../open311/serializers';
import { inJurisdiction, type JurisdictionScope } from '../jurisdiction';

export function tokenHandler(context: AppContext) {
  return async (reply: FastifyReply, { format, token, scope }: { format: GeoReportFormat; token: string; scope: JurisdictionScope }) => {
    const record = await context.repositories.serviceRequests.find(token);
    if (!record || !inJurisdiction(record, scope)) throw notFound(`token ${token} not found${scope.body ? ` in jurisdiction_id ${scope.body.jurisdiction_id}` : ''}`);
    const document: ListDocument<TokenAnswer> = { root: 'service_requests', item: 'request', body: [{ service_request_id: record.service_request_id, token }] };
    return sendDocument(reply, document, format);
  };
}
