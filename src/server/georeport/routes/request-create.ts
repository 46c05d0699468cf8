import { describeIssues, serviceRequestInputSchema } from '../../../shared/georeport/request-input-schema';
import { resolveLocale } from '../../../shared/locales';
import type { AppContext } from '../../context';
import { MediaRejectedError, processImage } from '../../media/image-processing';
import { mediaStoreFor } from '../../media/routes';
import type { StoredMedia } from '../../storage/repositories/types';
import { requireApiKey } from '../api-key-check';
import { readAttributes } from '../attributes';
import { badRequest, notFound } from '../errors';
import { readForm, singleValues, type UploadedFile } from '../form-reader';
import { newServiceRequestId } from '../ids';
import { checkJurisdiction } from '../jurisdiction';
import { presentCreated } from '../presenter';
import { sendDocument } from '../reply';
import type { FormatHandler } from './handler';

const scalarFields = [
  'api_key', 'jurisdiction_id', 'service_code', 'description', 'title', 'lat', 'long', 'service_object_type',
  'service_object_id', 'address_string', 'address_id', 'email', 'first_name', 'last_name', 'phone', 'device_id',
  'account_id', 'media_url', 'locale',
] as const;

export function requestCreateHandler(context: AppContext): FormatHandler {
  const { config, repositories } = context;
  const store = mediaStoreFor(config);

  const processUploads = async (files: UploadedFile[]) => {
    if (files.length > config.MEDIA_MAX_FILES) {
      throw badRequest(`too many media[] files: at most ${config.MEDIA_MAX_FILES} photos per request`);
    }
    const problems: string[] = [];
    const images = [];
    for (const [index, file] of files.entries()) {
      try {
        images.push(await processImage(file.data, { maxPixels: config.MEDIA_MAX_PIXELS, label: `media[] file ${index + 1}` }));
      } catch (error) {
        if (!(error instanceof MediaRejectedError)) throw error;
        problems.push(error.message);
      }
    }
    if (problems.length > 0) throw badRequest(problems);
    return images;
  };

  return async (request, reply, format) => {
    const { fields, files } = await readForm(request);
    const { values, problems: repeated } = singleValues(fields, scalarFields);
    checkJurisdiction(values, config);
    await requireApiKey(repositories.apiKeys, values.api_key);

    const parsed = serviceRequestInputSchema.safeParse(values);
    const problems = [...repeated];
    if (!parsed.success) problems.push(...describeIssues(parsed.error).map((issue) => issue.message));
    if (problems.length > 0 || !parsed.success) throw badRequest(problems);
    const input = parsed.data;

    const serviceType = await repositories.serviceTypes.find(input.service_code);
    if (!serviceType) throw notFound(`service_code ${input.service_code} not found; services.${format} lists the valid codes`);
    const attributes = readAttributes(fields, serviceType.attributes);
    if (attributes.problems.length > 0) throw badRequest(attributes.problems);

    let { lat, long } = input;
    if (input.service_object_id !== undefined && input.service_object_type === config.SERVICE_OBJECT_TYPE) {
      // Our own registry: the object must exist, and it gives the location when none was sent.
      const object = await repositories.serviceObjects.find(input.service_object_type, input.service_object_id);
      if (!object) {
        throw badRequest(`service_object_id ${input.service_object_id} is not in the service object registry; search it again`);
      }
      lat ??= object.lat;
      long ??= object.long;
    }

    const images = await processUploads(files);
    const savedNames: string[] = [];
    try {
      const media: StoredMedia[] = [];
      for (const [position, image] of images.entries()) {
        const fileName = await store.save(image.buffer, image.extension);
        savedNames.push(fileName);
        media.push({ position, file_name: fileName, content_type: image.contentType, byte_size: image.buffer.length });
      }
      const now = context.now();
      const serviceRequestId = newServiceRequestId();
      await repositories.serviceRequests.create({
        service_request_id: serviceRequestId,
        service_code: input.service_code,
        title: input.title ?? null,
        description: input.description,
        lat: lat ?? null,
        long: long ?? null,
        address_string: input.address_string ?? null,
        address_id: input.address_id ?? null,
        zip_code: null,
        service_object_type: input.service_object_type ?? null,
        service_object_id: input.service_object_id ?? null,
        email: input.email ?? null,
        first_name: input.first_name ?? null,
        last_name: input.last_name ?? null,
        phone: input.phone ?? null,
        device_id: input.device_id ?? null,
        account_id: input.account_id ?? null,
        locale: resolveLocale(values.locale),
        detailed_status: ['RECEIVED'],
        status_notes: '',
        agency_responsible: '',
        service_notice: '',
        moderation: 'pending',
        external_media_url: input.media_url ?? null,
        attributes: attributes.values,
        requested_at: now,
        updated_at: now,
        expected_at: null,
        media,
      });
      return sendDocument(reply, presentCreated(serviceRequestId, ''), format);
    } catch (error) {
      // Nothing was committed: do not leave orphaned photos behind.
      await Promise.allSettled(savedNames.map((name) => store.remove(name)));
      throw error;
    }
  };
}
