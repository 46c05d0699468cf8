/** POST requests.[format]: the form read (photos spooled, the key checked as it arrives), handed to the use-case, the answer sent. */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { photoTooLarge } from '../../../shared/georeport/problems';
import type { AppContext } from '../../context';
import { badRequest } from '../../open311/errors';
import { readForm, type ReadForm } from '../../open311/form-reader';
import { answerOnce, idempotencyKeyOf, requestFingerprint, sendStoredAnswer, submissionLeaseMs, type ClaimedKey } from '../../open311/idempotency';
import { presentCreated } from '../../open311/presenter';
import { serialize, type GeoReportFormat } from '../../open311/serializers';
import { createUploadSpool, uploadSpoolDirectory, type SpooledFile, type UploadSpool } from '../../open311/upload-spool';
import type { NewServiceRequest, StoredAnswer } from '../../storage/repositories/types';
import { requireApiKey } from '../api-key-check';
import { submitServiceRequest } from '../create-service-request';
import type { GeoReportContext } from '../service-context';

/** The key's own fields are not part of the request a key names: a caller's key is its scope. */
const callerFields = new Set(['api_key']);

export function requestCreateHandler(context: GeoReportContext) {
  const { config, repositories } = context;
  const createFromReadForm = answerSubmission(context);

  return async (request: FastifyRequest, reply: FastifyReply, format: GeoReportFormat) => {
    // Read before the body: a malformed header is refused without waiting for the photos.
    const idempotencyKey = idempotencyKeyOf(request);
    const spool = await createUploadSpool(uploadSpoolDirectory(config));
    try {
      const form = await readRequestForm(context, request, spool);
      const apiKey = form.fields.api_key;
      if (idempotencyKey === undefined || typeof apiKey !== 'string') return sendStoredAnswer(reply, await createFromReadForm(format, form));
      // Keys are scoped by caller: its API key, checked first, kept only as a digest.
      await requireApiKey(repositories.apiKeys, apiKey);
      const answer = await answerOnce(
        {
          repository: repositories.idempotencyKeys,
          scope: `api-key:${createHash('sha256').update(apiKey.trim()).digest('hex')}`,
          key: idempotencyKey,
          fingerprint: await requestFingerprint(request, form, callerFields),
          now: context.now,
          leaseMs: submissionLeaseMs(config),
        },
        (claimed) => createFromReadForm(format, form, claimed),
      );
      return sendStoredAnswer(reply, answer);
    } finally {
      await spool.dispose();
    }
  };
}

/**
 * The use-case behind POST requests.{format} for a form someone in this process has already read
 * (the embedded proxy, which holds the submission's idempotency key itself and hands it here to be
 * recorded with the report): the same key check, field checks and answer as over HTTP. Empty photo
 * parts are left out here, as the HTTP reader leaves them out.
 */
export function embeddedRequestCreate(context: GeoReportContext) {
  const createFromReadForm = answerSubmission(context);
  return (format: GeoReportFormat, form: ReadForm, claimed?: ClaimedKey) =>
    createFromReadForm(format, { fields: form.fields, files: form.files.filter((file) => file.bytes > 0) }, claimed);
}

/** The form of a POST with photos (a report, a resident's update): spooled, the key checked as it arrives. */
export async function readRequestForm(context: AppContext, request: FastifyRequest, spool: UploadSpool, isPhotoField?: (name: string) => boolean): Promise<ReadForm> {
  const { repositories } = context;
  // Photos go to the spool on disk, not memory; the key is checked the moment its field is read,
  // so a caller without a valid key is stopped there, and none of its photos is ever in memory.
  return readForm<SpooledFile>(request, {
    isPhotoField,
    onField: async (name, value) => {
      if (name === 'api_key') await requireApiKey(repositories.apiKeys, value);
    },
    receiveFile: async (part) => {
      const file = await spool.add(part.fieldname, part.filename, part.mimetype, part.file);
      if (part.file.truncated) throw badRequest(photoTooLarge);
      // Browsers send an empty part for a file input left empty.
      return file.bytes > 0 ? file : undefined;
    },
  });
}

/**
 * The use-case, then the answer: the new request's id in the format asked for, kept whole so a
 * repeat can be sent it again. Under a claimed Idempotency-Key the answer is recorded in the
 * report's own transaction: a crash right after it commits cannot let a retry make a second one.
 */
function answerSubmission(context: GeoReportContext) {
  return async (format: GeoReportFormat, form: ReadForm, claimed?: ClaimedKey): Promise<StoredAnswer> => {
    const answerFor = (record: Pick<NewServiceRequest, 'service_request_id' | 'service_notice'>): StoredAnswer => {
      const { body, contentType } = serialize(presentCreated(record.service_request_id, record.service_notice), format);
      return { statusCode: 200, contentType, body };
    };
    const keyCompletion = claimed && ((record: NewServiceRequest) => ({ ...claimed, answer: answerFor(record) }));
    return answerFor(await submitServiceRequest(context, { ...form, format }, keyCompletion));
  };
}
