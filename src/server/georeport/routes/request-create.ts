/** POST requests.[format]: the form read (photos spooled, the key checked as it arrives), handed to the use-case, the answer sent. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { photoTooLarge } from '../../../shared/georeport/problems';
import type { AppContext } from '../../context';
import { badRequest } from '../../open311/errors';
import { readForm, type ReadForm } from '../../open311/form-reader';
import { presentCreated } from '../../open311/presenter';
import { sendDocument } from '../../open311/reply';
import type { GeoReportFormat } from '../../open311/serializers';
import { createUploadSpool, uploadSpoolDirectory, type SpooledFile, type UploadSpool } from '../../open311/upload-spool';
import { requireApiKey } from '../api-key-check';
import { submitServiceRequest } from '../create-service-request';

export function requestCreateHandler(context: AppContext) {
  const { config } = context;
  const createFromReadForm = answerSubmission(context);

  return async (request: FastifyRequest, reply: FastifyReply, format: GeoReportFormat) => {
    const spool = await createUploadSpool(uploadSpoolDirectory(config));
    try {
      return await createFromReadForm(reply, format, await readRequestForm(context, request, spool));
    } finally {
      await spool.dispose();
    }
  };
}

/**
 * The use-case behind POST requests.{format} for a form someone in this process has already read
 * (the embedded proxy): the same key check, field checks and answer as over HTTP. Empty photo
 * parts are left out here, as the HTTP reader leaves them out.
 */
export function embeddedRequestCreate(context: AppContext) {
  const createFromReadForm = answerSubmission(context);
  return (reply: FastifyReply, format: GeoReportFormat, form: ReadForm) =>
    createFromReadForm(reply, format, { fields: form.fields, files: form.files.filter((file) => file.bytes > 0) });
}

async function readRequestForm(context: AppContext, request: FastifyRequest, spool: UploadSpool): Promise<ReadForm> {
  const { repositories } = context;
  // Photos go to the spool on disk, not memory; the key is checked the moment its field is read,
  // so a caller without a valid key is stopped there, and none of its photos is ever in memory.
  return readForm<SpooledFile>(request, {
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

/** The use-case, then the answer: the new request's id in the format asked for. */
function answerSubmission(context: AppContext) {
  return async (reply: FastifyReply, format: GeoReportFormat, form: ReadForm) => {
    const created = await submitServiceRequest(context, { ...form, format });
    return sendDocument(reply, presentCreated(created.service_request_id, created.service_notice), format);
  };
}
