import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { clientAddressKey } from '../http/client-address';
import type { UploadBudget } from '../http/upload-budget';
import { badRequest, GeoReportError } from './errors';

type BodyConfig = Pick<Config, 'MEDIA_MAX_FILE_BYTES' | 'MEDIA_MAX_FILES'>;
type ShareConfig = BodyConfig & Pick<Config, 'UPLOAD_BYTES_IN_FLIGHT_MAX' | 'UPLOAD_BYTES_PER_CLIENT_MAX'>;

const maxFields = 100;
const maxFieldBytes = 64 * 1024;
/** How long a client refused for want of upload room is asked to wait. */
export const uploadRetryAfterSeconds = 10;

// RFC 2046 §5.1.1: a boundary is 1 to 70 characters; the parser fails obscurely on a missing or long one.
const boundaryProblem = 'Content-Type multipart/form-data needs a boundary parameter of 1 to 70 characters, such as multipart/form-data; boundary=x7';
const boundaryParameter = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i;

function hasUsableBoundary(contentType: string): boolean {
  const match = boundaryParameter.exec(contentType);
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 70;
}

/** The largest multipart body the limits below can let through: every photo and field at its limit. */
export function maxMultipartBytes(config: BodyConfig): number {
  return config.MEDIA_MAX_FILES * config.MEDIA_MAX_FILE_BYTES + (maxFields + 1) * maxFieldBytes;
}

/**
 * How many upload bytes one client may have in flight (0: no limit): UPLOAD_BYTES_PER_CLIENT_MAX,
 * unset an eighth of the budget, and never less than one largest body, so anyone may send one.
 */
export function uploadBytesPerClient(config: ShareConfig): number {
  const configured = config.UPLOAD_BYTES_PER_CLIENT_MAX ?? Math.floor(config.UPLOAD_BYTES_IN_FLIGHT_MAX / 8);
  return configured === 0 ? 0 : Math.max(configured, maxMultipartBytes(config));
}

/** How the calling API answers an upload refused before it is read: its own error with this status and message. */
export type UploadRefusal = (status: 400 | 413 | 429 | 503, message: string) => Error;

/**
 * Registers the bodies a GeoReport POST may have: urlencoded or multipart (photos as media[]),
 * nothing else, so JSON or plain text gets a clear 400. Used by the service and by the proxy in
 * front of it, so both refuse the same things the same way.
 */
export async function registerGeoReportBodyParsers(app: FastifyInstance, config: BodyConfig, budget: UploadBudget): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: 256 * 1024 });
  await registerPhotoUploads(app, config, budget, (status, message) => (status === 400 ? badRequest(message) : new GeoReportError(status, message)));
}

/**
 * Multipart bodies with photos, under the service's photo limits (the moderation console's
 * caller reports take them too). A multipart body reserves its length in the process's upload
 * budget before a byte is read (without Content-Length, the most it may be), for its client (the
 * address TRUST_PROXY resolves, an IPv6 one by its /64), and gives it back when the answer is done.
 */
export async function registerPhotoUploads(app: FastifyInstance, config: BodyConfig, budget: UploadBudget, refuse: UploadRefusal): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: config.MEDIA_MAX_FILE_BYTES,
      files: config.MEDIA_MAX_FILES,
      fields: maxFields,
      fieldSize: maxFieldBytes,
      parts: config.MEDIA_MAX_FILES + maxFields,
    },
    throwFileSizeLimit: true,
  });
  const largest = maxMultipartBytes(config);
  app.addHook('onRequest', async (request, reply) => {
    const contentType = request.headers['content-type'] ?? '';
    if (request.method !== 'POST' || !/^multipart\//i.test(contentType)) return;
    if (!hasUsableBoundary(contentType)) throw refuse(400, boundaryProblem);
    const declared = Number(request.headers['content-length']);
    const bytes = Number.isSafeInteger(declared) && declared >= 0 ? declared : largest;
    if (bytes > largest) {
      throw refuse(413, `the request body is too large: at most ${config.MEDIA_MAX_FILES} photos of ${config.MEDIA_MAX_FILE_BYTES} bytes each`);
    }
    const reservation = budget.take(bytes, clientAddressKey(request.ip));
    if (!reservation.taken) {
      reply.header('retry-after', String(uploadRetryAfterSeconds));
      // No address in the log: the line says which limit, which is what an operator tunes.
      if (reservation.full === 'client') {
        request.log.warn({ bytes }, "upload refused: the client's UPLOAD_BYTES_PER_CLIENT_MAX reached");
        throw refuse(
          429,
          `this client is already sending as many upload bytes as one client may at once; let its other uploads finish, then try again in ${uploadRetryAfterSeconds} seconds`,
        );
      }
      request.log.warn({ inFlight: budget.inFlight, max: budget.max }, 'upload refused: UPLOAD_BYTES_IN_FLIGHT_MAX reached');
      throw refuse(503, `the server is receiving too many uploads right now; try again in ${uploadRetryAfterSeconds} seconds`);
    }
    reply.raw.once('close', reservation.release);
  });
}
