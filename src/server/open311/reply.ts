/** Sending a GeoReport document, and the base its links start from. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { requirePublicBaseUrl } from '../http/public-base-url';
import type { GeoReportDocument } from './document';
import { badRequest } from './errors';
import { serialize, type GeoReportFormat } from './serializers';

export function sendDocument(reply: FastifyReply, document: GeoReportDocument, format: GeoReportFormat, status = 200) {
  const { body, contentType } = serialize(document, format);
  return reply.code(status).type(contentType).send(body);
}

/** Absolute base for links in GeoReport answers; a malformed Host header is a 400. */
export function publicBaseUrl(request: FastifyRequest, config: Pick<Config, 'PUBLIC_BASE_URL'>): string {
  return requirePublicBaseUrl(request, config, () => badRequest('the Host header must be a plain host name with an optional port'));
}
