/**
 * Kerro extension of GeoReport: POST requests/{id}/updates.[format], a resident's update on a
 * published request (the use-case: ../resident-update.ts). The form is read as a report's is
 * (photos spooled, the key checked as it arrives); the answer names the pending update.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResidentUpdateAnswer } from '../../../shared/georeport/types';
import type { AppContext } from '../../context';
import type { ReadForm } from '../../open311/form-reader';
import { serialize, type GeoReportFormat } from '../../open311/serializers';
import { createUploadSpool, uploadSpoolDirectory } from '../../open311/upload-spool';
import { sendStoredAnswer } from '../../open311/idempotency';
import type { StoredAnswer } from '../../storage/repositories/types';
import { postResidentUpdate } from '../resident-update';
import { readRequestForm } from './request-create';

/** The use-case and its answer for a form already read: over HTTP below, or handed over in-process by the embedded proxy. */
export function residentUpdateAnswerer(context: AppContext) {
  return async (format: GeoReportFormat, serviceRequestId: string, form: ReadForm): Promise<StoredAnswer> => {
    const posted = await postResidentUpdate(context, serviceRequestId, { fields: form.fields, files: form.files.filter((file) => file.bytes > 0) });
    const body: ResidentUpdateAnswer = { update_id: posted.update_id, status: 'pending' };
    const { body: text, contentType } = serialize({ root: 'updates', item: 'update', body: [body] }, format);
    return { statusCode: 200, contentType, body: text };
  };
}

export function residentUpdateHandler(context: AppContext) {
  const answer = residentUpdateAnswerer(context);
  return async (request: FastifyRequest, reply: FastifyReply, { format, service_request_id: serviceRequestId }: { format: GeoReportFormat; service_request_id: string }) => {
    const spool = await createUploadSpool(uploadSpoolDirectory(context.config));
    try {
      const stored = await answer(format, serviceRequestId, await readRequestForm(context, request, spool));
      return sendStoredAnswer(reply, stored);
    } finally {
      await spool.dispose();
    }
  };
}
