/**
 * Creating a service request: `submitServiceRequest` takes a form as read (over HTTP by
 * routes/request-create.ts, or in process by the embedded proxy) and does the whole use-case:
 * the key, the jurisdiction, an address-only location geocoded, the fields checked with the
 * shared schema and the service's attributes, the reporter's receipt composed. Then
 * `createServiceRequest`: the location from our own service-object registry when the report
 * points at one of its objects, the photos checked, re-encoded and stored, and the record written
 * with its receipt, pending moderation. Free of HTTP; failures are GeoReport errors.
 */
import { readFile } from 'node:fs/promises';
import { photoLabel, tooManyPhotos, unknownServiceCode, unknownServiceObject, unlocatedServiceObject } from '../../shared/georeport/problems';
import { describeIssues, serviceRequestInputSchema, type ServiceRequestInput } from '../../shared/georeport/request-input-schema';
import { resolveLocale, type SupportedLocale } from '../../shared/locales';
import type { Config } from '../config';
import type { DecodeBudget } from '../media/decode-budget';
import { MediaRejectedError, processImage, type ProcessedImage } from '../media/image-processing';
import { announceOutboxMessage } from '../notify/outbox-signal';
import { announceForwardJob } from '../forwarding/forward-signal';
import { receiptMessage, type MessageSettings, type ReceiptFacts } from '../notify/subscriber-messages';
import { unconfirmedReceiptMessage } from '../notify/unconfirmed-receipt';
import { badRequest, notFound } from '../open311/errors';
import { singleValues, type ReadForm } from '../open311/form-reader';
import { translationOf } from '../open311/presenter';
import type { GeoReportFormat } from '../open311/serializers';
import type { SpooledFile } from '../open311/upload-spool';
import type { KeyCompletion, NewAuditEntry, NewServiceRequest, RecipientMessage, Repositories, ServiceTypeRecord, StoredMedia } from '../storage/repositories/types';
import { locateAddressOnly, postalCodeOfAddress } from './address-location';
import { requireApiKey } from './api-key-check';
import { readAttributes, type AttributeValues } from './attributes';
import { newServiceRequestId } from './ids';
import { assignRequestBody } from './body-assignment';
import { refuseIfNotOurs } from '../not-ours/refusal';
import type { JurisdictionScope, Jurisdictions } from './jurisdiction';
import type { GeoReportContext } from './service-context';

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
  /** What the form's jurisdiction_id named: the body at the point must then be that one. */
  scope: JurisdictionScope;
  /** The service type's name in the request's locale, for what the client is told. */
  serviceName: string;
  /** The API key that sent it: that caller reads it by id in listings before it is published. */
  apiKeyId?: number;
}

export interface CreateServiceRequestDeps {
  config: Pick<Config, 'MEDIA_MAX_FILES' | 'MEDIA_MAX_PIXELS' | 'SERVICE_OBJECT_TYPE'>;
  repositories: Pick<Repositories, 'serviceRequests' | 'serviceObjects' | 'media' | 'bodies' | 'notOurs'>;
  /** The bodies, to assign the request to the one responsible for its place and type. */
  jurisdictions: Jurisdictions;
  /** The process's budget of pixels decoding at once. */
  decoding: DecodeBudget;
  /** The receipt emailed to a reporter who gave an address, queued with the record. */
  receipt?: (record: NewServiceRequest) => RecipientMessage;
  /** The submission's Idempotency-Key with its answer, recorded with the record (one transaction). */
  idempotencyKey?: (record: NewServiceRequest) => KeyCompletion;
  /** Whether the body the place and type assign may take it (a moderator records in their own bodies only). */
  bodyAllowed?: (bodyId: string | null) => boolean;
  /** The audit entry of a report staff recorded for a caller, written with the record (one transaction). */
  audit?: (record: NewServiceRequest) => NewAuditEntry;
}

/** Every photo decoded and re-encoded; all the rejected ones are reported together. */
export async function processPhotos(
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
  { config, repositories, receipt, idempotencyKey, decoding, jurisdictions, bodyAllowed, audit }: CreateServiceRequestDeps,
  { input, attributes, locale, photos, now, zipCode, scope, serviceName, apiKeyId }: ServiceRequestSubmission,
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

  await refuseIfNotOurs(repositories.notOurs, { lat, long, serviceCode: input.service_code, serviceName, locale });
  const assignment = await assignRequestBody(
    { jurisdictions, bodies: repositories.bodies },
    { lat, long, serviceCode: input.service_code, serviceName, locale, scope },
  );
  if (bodyAllowed && !bodyAllowed(assignment.body_id)) {
    throw badRequest(`this place and type are handled by ${assignment.agency_responsible || 'no body'}, which is not one of your bodies; its moderators record it`);
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
      agency_responsible: assignment.agency_responsible,
      body_id: assignment.body_id,
      service_notice: '',
      moderation: 'pending',
      external_media_url: input.media_url ?? null,
      attributes,
      requested_at: now,
      updated_at: now,
      expected_at: null,
      media,
      api_key_id: apiKeyId ?? null,
    };
    await repositories.serviceRequests.create(record, receipt?.(record), {
      forward: assignment.forward,
      idempotencyKey: idempotencyKey?.(record),
      ...(audit ? { audit: audit(record) } : {}),
    });
    return record;
  } catch (error) {
    // Nothing was committed: do not leave orphaned photos behind.
    await Promise.allSettled(savedNames.map((name) => repositories.media.remove(name)));
    throw error;
  }
}

const scalarFields = [
  'api_key', 'jurisdiction_id', 'service_code', 'description', 'title', 'lat', 'long', 'service_object_type',
  'service_object_id', 'address_string', 'address_id', 'email', 'first_name', 'last_name', 'phone', 'device_id',
  'account_id', 'media_url', 'locale',
] as const;

/** A submission as read: its form (fields and spooled photos), and the format its answer and errors are in. */
export interface SubmittedForm extends ReadForm {
  format: GeoReportFormat;
}

/**
 * The use-case behind POST requests.{format}: every check of the form, in the order a client is
 * told about them (repeated fields and jurisdiction, key, fields, service, attributes), then the
 * record stored with the reporter's receipt, when an address was given, composed here, and the
 * submission's Idempotency-Key with its answer, when it came with one.
 */
export async function submitServiceRequest(
  context: GeoReportContext,
  { fields, files, format }: SubmittedForm,
  idempotencyKey?: (record: NewServiceRequest) => KeyCompletion,
): Promise<NewServiceRequest> {
  const { repositories } = context;
  const { values, problems } = singleValues(fields, scalarFields);
  const scope = await context.jurisdictions.resolve(values.jurisdiction_id);
  const apiKey = await requireApiKey(repositories.apiKeys, values.api_key);

  // Only an address_string as location: placed with the address registry before the check.
  const located = await locateAddressOnly(values, repositories);
  const parsed = serviceRequestInputSchema.safeParse(located.values);
  if (!parsed.success) problems.push(...describeIssues(parsed.error).map((issue) => issue.message));
  if (located.problem) problems.push(located.problem);
  if (problems.length > 0 || !parsed.success) throw badRequest(problems);
  const input = parsed.data;

  const serviceType = await repositories.serviceTypes.find(input.service_code);
  // An archived type takes no new reports: to a client it is as gone as from the service list.
  if (!serviceType || serviceType.archived_at !== undefined) throw notFound(unknownServiceCode.text({ value: input.service_code, format }));
  const attributes = readAttributes(fields, serviceType.attributes);
  if (attributes.problems.length > 0) throw badRequest(attributes.problems);

  const locale = resolveLocale(values.locale);
  const now = context.now();
  const created = await createServiceRequest(
    { ...context, receipt: await reporterReceipt(context, serviceType, input, now), idempotencyKey },
    {
      input,
      attributes: attributes.values,
      locale,
      photos: await readPhotos(files),
      now,
      // Placed by its address: that lookup gave the postal code, if the address has one.
      zipCode: located.location ? located.location.postalCode : await postalCodeOfAddress(input, repositories),
      scope,
      serviceName: translationOf(serviceType, locale).service_name,
      apiKeyId: apiKey.id,
    },
  );
  if (created.email) announceOutboxMessage();
  announceForwardJob(); // a hint: a body without premoderation got a job with the report
  return created;
}

/**
 * The receipt for the reporter's address, composed with the record. Anyone can type any address
 * (a resident, or staff writing down a caller's): until it is known to be its owner's, the receipt
 * quotes nothing of the report, and the first name greets only at a confirmed address.
 */
export async function reporterReceipt(
  context: GeoReportContext,
  serviceType: ServiceTypeRecord,
  input: Pick<ServiceRequestInput, 'email' | 'first_name'>,
  now: number,
): Promise<(record: ReceiptFacts) => RecipientMessage> {
  const { config } = context;
  const settings: MessageSettings = { links: context.mailLinks, timeZone: config.TZ_NAME, mailFrom: config.MAIL_FROM, serviceTypes: [serviceType], now };
  const receipt = input.email !== undefined && (await context.repositories.residents.isConfirmedAddress(input.email, now)) ? receiptMessage : unconfirmedReceiptMessage;
  return (record) => receipt({ ...record, first_name: input.first_name ?? null }, settings);
}

/** The spooled photos, read into memory only now that the key and the form are valid. */
export async function readPhotos(files: SpooledFile[]): Promise<UploadedPhoto[]> {
  return Promise.all(files.map(async (file) => ({ fileName: file.fileName, data: await readFile(file.path) })));
}
