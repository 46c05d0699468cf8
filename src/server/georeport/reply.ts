import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { GeoReportDocument } from './document';
import { serialize, type GeoReportFormat } from './serializers';
import { badRequest } from './errors';
import { publicBaseUrl as sharedPublicBaseUrl } from '../http/public-base-url';

export function sendDocument(reply: FastifyReply, document: GeoReportDocument, format: GeoReportFormat, status = 200) {
  const { body, contentType } = serialize(document, format);
  return reply.code(status).type(contentType).send(body);
}

/** Absolute base for links in GeoReport answers; a malformed Host header is a 400. */
export function publicBaseUrl(request: FastifyRequest, config: Config): string {
  const base = sharedPublicBaseUrl(request, config);
  if (base === undefined) throw badRequest('the Host header must be a plain host name with an optional port');
  return base;
}
