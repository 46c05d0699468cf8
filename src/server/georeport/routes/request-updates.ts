/**
 * mySociety's servicerequestupdates extension (issue 40, item 8), so that FixMyStreet, or any
 * client of open311-adapter's wire, can use Kerro as a council's backend: GET lists the public
 * changes in a window (../request-updates.ts), POST takes a resident's update
 * (../post-request-update.ts). Both answer under <service_request_updates>, one
 * <request_update> per item, or as a JSON list.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isMediaField } from '../../open311/form-reader';
import { presentPostedRequestUpdate } from '../../open311/presenter';
import { sendDocument } from '../../open311/reply';
import type { GeoReportFormat } from '../../open311/serializers';
import { createUploadSpool, uploadSpoolDirectory } from '../../open311/upload-spool';
import type { JurisdictionScope } from '../jurisdiction';
import { postRequestUpdate } from '../post-request-update';
import { listRequestUpdates, type UpdatesWindow } from '../request-updates';
import type { GeoReportContext } from '../service-context';
import { readRequestForm } from './request-create';

interface UpdatesAsk {
  format: GeoReportFormat;
  window: UpdatesWindow;
  scope: JurisdictionScope;
  baseUrl: string;
}

export function requestUpdatesHandler(context: GeoReportContext) {
  return async (reply: FastifyReply, { format, window, scope, baseUrl }: UpdatesAsk) =>
    sendDocument(reply, await listRequestUpdates(context, window, scope, baseUrl), format);
}

/** FixMyStreet uploads an update's photos as photo1, photo2, …; Kerro's own clients as media[]. */
const isUpdatePhotoField = (name: string) => isMediaField(name) || /^photo\d+$/.test(name);

export function postRequestUpdateHandler(context: GeoReportContext) {
  return async (request: FastifyRequest, reply: FastifyReply, format: GeoReportFormat) => {
    const spool = await createUploadSpool(uploadSpoolDirectory(context.config));
    try {
      const form = await readRequestForm(context, request, spool, isUpdatePhotoField);
      const posted = await postRequestUpdate(context, { fields: form.fields, files: form.files.filter((file) => file.bytes > 0) });
      return sendDocument(reply, presentPostedRequestUpdate(posted.update_id), format);
    } finally {
      await spool.dispose();
    }
  };
}
