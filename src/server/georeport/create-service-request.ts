/**
 * Creating a service request once its fields are valid: the location from our own service-object
 * registry when the report points at one of its objects, the photos checked, re-encoded and
 * stored, and the record written, pending moderation. The HTTP handler (routes/request-create.ts)
 * reads and validates the form; this is everything after that, free of HTTP.
 */
import { photoLabel, tooManyPhotos, unknownServiceObject, unlocatedServiceObject } from '../../shared/georeport/problems';
import type { ServiceRequestInput } from '../../shared/georeport/request-input-schema';
import type { SupportedLocale } from '../../shared/locales';
import type { Config } from '../config';
import type { DecodeBudget } from '../media/decode-budget';
import { MediaRejectedError, processImage, type ProcessedImage } from '../media/image-processing';
import { badRequest } from '../open311/errors';
import type { NewServiceRequest, RecipientMessage, Repositories, StoredMedia } from '../storage/repositories/types';
import type { AttributeValues } from './attributes';
import { newServiceRequestId } from './ids';

/** A photo as the client sent it (media[]), not yet decoded. */
export interface UploadedPhoto {
  fileName: string;
  data: Buffer;
}

export interface ServiceRequestSubmission {
  /** Checked with the shared schema. */
  input: ServiceRequestInput;
  /** Checked against the service's definition. */
  attributes: AttributeValues;
  locale: SupportedLocale;
  photos: UploadedPhoto[];
  now: number;
  /** The postal code of the address the location was looked up from, when it was (address_string only). */
  zipCode?: string;
}

export interface CreateServiceRequestDeps {
  config: Pick<Config, 'MEDIA_MAX_FILES' | 'MEDIA_MAX_PIXELS' | 'SERVICE_OBJECT_TYPE'>;
  repositories: Pick<Repositories, 'serviceRequests' | 'serviceObjects' | 'media'>;
  /** The process's budget of pixels decoding at once. */
  decoding: DecodeBudget;
  /** The receipt emailed to a reporter who gave an address, queued with the record. */
  receipt?: (record: NewServiceRequest) => RecipientMessage;
}

/** Every photo decoded and re-encoded; all the rejected ones are reported together. */
async function processPhotos(
  photos: UploadedPhoto[],
  { config, decoding }: Pick<CreateServiceRequestDeps, 'config' | 'decoding'>,
): Promise<ProcessedImage[]> {
  if (photos.length > config.MEDIA_MAX_FILES) {
    throw badRequest(tooManyPhotos.text({ limit: config.MEDIA_MAX_FILES }));
  }
  const problems: string[] = [];
  const images: ProcessedImage[] = [];
  for (const [index, photo] of photos.entries()) {
    try {
      images.push(await processImage(photo.data, { maxPixels: config.MEDIA_MAX_PIXELS, label: photoLabel(index + 1), decoding }));
    } catch (error) {
      if (!(error instanceof MediaRejectedError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw badRequest(problems);
  return images;
}

/** Stores the request and its photos; answers the stored record. */
export async function createServiceRequest(
  { config, repositories, receipt, decoding }: CreateServiceRequestDeps,
  { input, attributes, locale, photos, now, zipCode }: ServiceRequestSubmission,
): Promise<NewServiceRequest> {
  let { lat, long } = input;
  if (input.service_object_id !== undefined && input.service_object_type !== undefined) {
    // Our own registry: the object must exist, and it gives the location when none was sent.
    const object = await repositories.serviceObjects.find(input.service_object_type, input.service_object_id);
    if (!object && input.service_object_type === config.SERVICE_OBJECT_TYPE) {
      throw badRequest(unknownServiceObject.text({ value: input.service_object_id }));
    }
    lat ??= object?.lat;
    long ??= object?.long;
    // Another registry's object with no point: the spec requires lat and long in list answers,
    // and nothing here can place it, so the client is asked for them.
    if (lat === undefined || long === undefined) {
      throw badRequest(
        unlocatedServiceObject.text({ value: input.service_object_id, rest: input.service_object_type, format: config.SERVICE_OBJECT_TYPE }),
      );
    }
  }

  const images = await processPhotos(photos, { config, decoding });
  const savedNames: string[] = [];
  try {
    const media: StoredMedia[] = [];
    for (const [position, image] of images.entries()) {
      const fileName = await repositories.media.save(image.buffer, image.extension);
      savedNames.push(fileName);
      media.push({ position, file_name: fileName, content_type: image.contentType, byte_size: image.buffer.length });
    }
    const record: NewServiceRequest = {
      service_request_id: newServiceRequestId(),
      service_code: input.service_code,
      title: input.title ?? null,
      description: input.description,
      lat: lat ?? null,
      long: long ?? null,
      address_string: input.address_string ?? null,
      address_id: input.address_id ?? null,
      zip_code: zipCode ?? null,
      service_object_type: input.service_object_type ?? null,
      service_object_id: input.service_object_id ?? null,
      email: input.email ?? null,
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      phone: input.phone ?? null,
      device_id: input.device_id ?? null,
      account_id: input.account_id ?? null,
      locale,
      detailed_status: ['RECEIVED'],
      status_notes: '',
      agency_responsible: '',
      service_notice: '',
      moderation: 'pending',
      external_media_url: input.media_url ?? null,
      attributes,
      requested_at: now,
      updated_at: now,
      expected_at: null,
      media,
    };
    await repositories.serviceRequests.create(record, receipt?.(record));
    return record;
  } catch (error) {
    // Nothing was committed: do not leave orphaned photos behind.
    await Promise.allSettled(savedNames.map((name) => repositories.media.remove(name)));
    throw error;
  }
}
