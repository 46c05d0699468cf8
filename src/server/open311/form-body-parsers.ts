import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Registers the bodies a GeoReport POST may have: urlencoded or multipart (photos as media[]),
 * nothing else, so JSON or plain text gets a clear 400. Used by the service and by the proxy in
 * front of it, so both refuse the same things the same way.
 */
export async function registerGeoReportBodyParsers(
  app: FastifyInstance,
  config: Pick<Config, 'MEDIA_MAX_FILE_BYTES' | 'MEDIA_MAX_FILES'>,
): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: 256 * 1024 });
  await app.register(multipart, {
    limits: {
      fileSize: config.MEDIA_MAX_FILE_BYTES,
      files: config.MEDIA_MAX_FILES,
      fields: 100,
      fieldSize: 64 * 1024,
      parts: config.MEDIA_MAX_FILES + 100,
    },
    throwFileSizeLimit: true,
  });
}
