/** The shape of a GeoReport endpoint handler that needs only the path's format. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GeoReportFormat } from '../../open311/serializers';

/** A GeoReport endpoint once the path's `.json`/`.xml` suffix has been read. */
export type FormatHandler = (request: FastifyRequest, reply: FastifyReply, format: GeoReportFormat) => Promise<unknown>;
