import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { GeoReportDocument } from './document';
import { serialize, type GeoReportFormat } from './serializers';

export function sendDocument(reply: FastifyReply, document: GeoReportDocument, format: GeoReportFormat, status = 200) {
  const { body, contentType } = serialize(document, format);
  return reply.code(status).type(contentType).send(body);
}

/** Absolute base for links in answers: the configured public URL, else what the caller used. */
export function publicBaseUrl(request: FastifyRequest, config: Config): string {
  return config.PUBLIC_BASE_URL ?? `${request.protocol}://${request.host}`;
}
