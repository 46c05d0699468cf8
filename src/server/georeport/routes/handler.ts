import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GeoReportFormat } from '../serializers';

/** A GeoReport endpoint once the path's `.json`/`.xml` suffix has been read. */
export type FormatHandler = (request: FastifyRequest, reply: FastifyReply, format: GeoReportFormat) => Promise<unknown>;
