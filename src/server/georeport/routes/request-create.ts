/** POST requests.[format]: the form read and checked, then handed to createServiceRequest. */
import { readFile } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { photoTooLarge, unknownServiceCode } from '../../../shared/georeport/problems';
import { describeIssues, serviceRequestInputSchema } from '../../../shared/georeport/request-input-schema';
import { resolveLocale } from '../../../shared/locales';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../open311/errors';
import { readForm, singleValues, type ReadForm } from '../../open311/form-reader';
import { createUploadSpool, uploadSpoolDirectory, type SpooledFile, type UploadSpool } from '../../open311/upload-spool';
import { presentCreated } from '../../open311/presenter';
import type { GeoReportFormat } from '../../open311/serializers';
import { sendDocument } from '../../open311/reply';
import { locateAddressOnly } from '../address-location';
import { requireApiKey } from '../api-key-check';
import { readAttributes } from '../attributes';
import { createServiceRequest, type UploadedPhoto } from '../create-service-request';
import { checkJurisdiction } from '../jurisdiction';
import { announceOutboxMessage } from '../../notify/outbox-signal';
import { receiptMessage, type MessageSettings, type RequestFacts } from '../../notify/subscriber-messages';

const scalarFields = [
  'api_key', 'jurisdiction_id', 'service_code', 'description', 'title', 'lat', 'long', 'service_object_type',
  'service_object_id', 'address_string', 'address_id', 'email', 'first_name', 'last_name', 'phone', 'device_id',
  'account_id', 'media_url', 'locale',
] as const;

export function requestCreateHandler(context: AppContext) {
  const { config } = context;
  const createFromReadForm = readFormCreator(context);

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
  const createFromReadForm = readFormCreator(context);
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

function readFormCreator(context: AppContext) {
  const { config, repositories } = context;
  return async (reply: FastifyReply, format: GeoReportFormat, { fields, files }: ReadForm) => {
    const { values, problems } = singleValues(fields, scalarFields);
    checkJurisdiction(values, config);
    await requireApiKey(repositories.apiKeys, values.api_key);

    // Only an address_string as location: placed with the address registry before the check.
    const located = await locateAddressOnly(values, repositories);
    const parsed = serviceRequestInputSchema.safeParse(located.values);
    if (!parsed.success) problems.push(...describeIssues(parsed.error).map((issue) => issue.message));
    if (located.problem) problems.push(located.problem);
    if (problems.length > 0 || !parsed.success) throw badRequest(problems);
    const input = parsed.data;

    const serviceType = await repositories.serviceTypes.find(input.service_code);
    if (!serviceType) throw notFound(unknownServiceCode.text({ value: input.service_code, format }));
    const attributes = readAttributes(fields, serviceType.attributes);
    if (attributes.problems.length > 0) throw badRequest(attributes.problems);

    const now = context.now();
    const settings: MessageSettings = {
      links: context.mailLinks,
      timeZone: config.TZ_NAME,
      mailFrom: config.MAIL_FROM,
      serviceTypes: [serviceType],
      now,
    };
    const deps = { ...context, receipt: (record: RequestFacts) => receiptMessage(record, settings) };
    const created = await createServiceRequest(deps, {
      input,
      attributes: attributes.values,
      locale: resolveLocale(values.locale),
      photos: await readPhotos(files),
      now,
      zipCode: located.location?.postalCode,
    });
    if (created.email) announceOutboxMessage();
    return sendDocument(reply, presentCreated(created.service_request_id, created.service_notice), format);
  };
}

/** The spooled photos, read into memory only now that the key and the form are valid. */
async function readPhotos(files: SpooledFile[]): Promise<UploadedPhoto[]> {
  return Promise.all(files.map(async (file) => ({ fileName: file.fileName, data: await readFile(file.path) })));
}
