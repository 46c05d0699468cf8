/**
 * The GeoReport wire as zod schemas, for the OpenAPI document (http/openapi.ts): the answers of
 * the service, which the proxy passes on, and the fields of a submission. The service and the
 * proxy describe their routes with them (georeport/routes/schemas.ts, proxy/route-schemas.ts).
 */
import { z } from 'zod';
import { serviceRequestSchema } from '../../shared/georeport/service-request-schema';
// The answers' schemas satisfy the shared wire types: tsc fails here when they part.
import { extensionStatuses } from '../../shared/georeport/request-updates';
import type { AbuseAnswer, CreatedServiceRequest, FollowAnswer, FollowerCount, GeoReportErrorRecord, PostedRequestUpdate, RequestUpdate, ResidentUpdateAnswer, TokenAnswer } from '../../shared/georeport/types';

/** The path suffix picks the format: JSON, or XML with the same structure under a root element. */
export const formatParam = z.enum(['json', 'xml']).describe('json or xml; every answer, errors included, comes in that format');

/** The XML form of a body: the same fields as elements, under the root element named here. */
export function bothFormats(description: string, schema: z.ZodType, xmlRoot: string) {
  return {
    description,
    content: {
      'application/json': { schema },
      'text/xml': { schema: schema.describe(`The same structure as XML, under <${xmlRoot}>; list items are elements named after their kind`) },
    },
  };
}

export const errorRecordsSchema = z
  .array(z.strictObject({ code: z.number().int(), description: z.string() }) satisfies z.ZodType<GeoReportErrorRecord>)
  .describe('GeoReport error records');
export const geoReportErrors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, bothFormats(`Error records (${code})`, errorRecordsSchema, 'errors')]));

export const localeQuery = { locale: z.string().optional().describe('fi, sv or en: names and texts in that language') };
export const jurisdictionQuery = { jurisdiction_id: z.string().optional().describe("this installation's, or one of its bodies' (discovery lists them); absent: the whole installation") };

const endpointSchema = z.strictObject({
  specification: z.string(),
  url: z.string(),
  changeset: z.string(),
  type: z.enum(['production', 'test']),
  formats: z.array(z.string()),
});
export const discoverySchema = z.strictObject({
  changeset: z.string(),
  contact: z.string(),
  key_service: z.string(),
  endpoints: z.array(endpointSchema),
  jurisdictions: z
    .array(z.strictObject({ jurisdiction_id: z.string(), name: z.string() }))
    .optional()
    .describe('Kerro extension: the bodies this installation serves, each answering to its jurisdiction_id; absent when it has none'),
});

export const serviceTypeSchema = z.strictObject({
  service_code: z.string(),
  service_name: z.string(),
  description: z.string(),
  metadata: z.boolean(),
  type: z.enum(['realtime', 'batch', 'blackbox']),
  keywords: z.string(),
  group: z.string(),
});
export const serviceDefinitionSchema = z.strictObject({
  service_code: z.string(),
  attributes: z.array(
    z.strictObject({
      variable: z.boolean(),
      code: z.string(),
      datatype: z.enum(['string', 'number', 'datetime', 'text', 'singlevaluelist', 'multivaluelist']),
      required: z.boolean(),
      datatype_description: z.string(),
      order: z.number().int(),
      description: z.string(),
      values: z.array(z.strictObject({ key: z.string(), name: z.string() })),
    }),
  ),
});

export const serviceRequestListSchema = z.array(serviceRequestSchema);
/** The Idempotency-Key header a submission may carry (documented; read by open311/idempotency.ts). */
export const idempotencyKeyHeaders = z
  .object({
    'idempotency-key': z
      .string()
      .optional()
      .describe(
        'IETF HTTPAPI Idempotency-Key: a quoted string, e.g. "a UUID", one per report. A repeat within 24 hours gets the first answer (no second report, no second email); 422 if its body differs, 409 with Retry-After while the first still runs',
      ),
  })
  .passthrough();

export const createdSchema = z.array(z.strictObject({ service_request_id: z.string(), service_notice: z.string() }) satisfies z.ZodType<CreatedServiceRequest>);
export const tokenAnswerSchema = z.array(z.strictObject({ service_request_id: z.string(), token: z.string() }) satisfies z.ZodType<TokenAnswer>);
export const followerCountSchema = z.strictObject({ service_request_id: z.string(), follower_count: z.number().int().min(0) }) satisfies z.ZodType<FollowerCount>;
export const followAnswerSchema = z.strictObject({ service_request_id: z.string(), status: z.literal('confirmation_sent') }) satisfies z.ZodType<FollowAnswer>;
export const residentUpdateAnswerSchema = z.array(z.strictObject({ update_id: z.string(), status: z.literal('pending') }) satisfies z.ZodType<ResidentUpdateAnswer>);
/** The fields of a resident's update (multipart/form-data with one `media` photo, or urlencoded). */
export const residentUpdateBody = z.object({
  api_key: z.string(),
  description: z.string(),
  name: z.string().optional(),
  show_name: z.enum(['true', 'false']).optional().describe('true: the name is shown with the update; never by default'),
  email: z.string().optional().describe('the poster’s own receipt; never shown'),
  state: z.enum(['fixed', 'still_there']).optional().describe('the reporter’s only: needs verified_email equal to the report’s address'),
  verified_email: z.string().optional().describe('the address the caller vouches the poster proved (the proxy: a signed-in resident)'),
  locale: z.string().optional(),
});

/** mySociety's servicerequestupdates: GET's items and POST's answer, as open311-adapter answers them. */
export const requestUpdateListSchema = z.array(
  z.strictObject({
    update_id: z.string(),
    service_request_id: z.string(),
    status: z.enum(extensionStatuses),
    external_status_code: z.string().describe("Kerro's detailed status after the change (CitySDK values, comma separated)"),
    description: z.string().describe('the public note, or the resident’s published text; empty when the change has none'),
    updated_datetime: z.string(),
    media_url: z.string().describe('a published resident update’s photo; empty when none'),
  }) satisfies z.ZodType<RequestUpdate>,
);
export const postedRequestUpdateSchema = z.array(z.strictObject({ update_id: z.string() }) satisfies z.ZodType<PostedRequestUpdate>);

export const requestUpdatesQuery = {
  start_date: z.string().optional().describe('W3C datetime: changes at or after; absent, two hours before end_date'),
  end_date: z.string().optional().describe('W3C datetime: changes at or before; absent, now'),
  api_key: z.string().optional().describe('taken and not needed: the listing is public'),
};

export const requestUpdateBody = z.object({
  api_key: z.string(),
  jurisdiction_id: z.string().optional(),
  service_request_id: z.string(),
  update_id_ext: z.string().optional().describe('your own id for the update (or send it as update_id, as FixMyStreet does): a repeat answers the first update_id'),
  update_id: z.string().optional(),
  status: z.string().describe(`any case: ${extensionStatuses.join(', ')}; from the reporter, FIXED or CLOSED on an open request is "fixed", REOPEN or OPEN on a closed one "still there"`),
  updated_datetime: z.string().describe('W3C datetime'),
  description: z.string().describe('plain text, as a resident’s update'),
  email: z.string().optional().describe('never shown'),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  public_anonymity_required: z.enum(['TRUE', 'FALSE']).optional().describe('FALSE: the name is shown with the update; kept back otherwise'),
  media_url: z.string().optional().describe('taken and not followed: send the photo as a photo1 or media[] file'),
  locale: z.string().optional(),
});

export const abuseAnswerSchema = z.strictObject({ service_request_id: z.string(), status: z.literal('received') }) satisfies z.ZodType<AbuseAnswer>;

export const requestListQuery = z.object({
  ...jurisdictionQuery,
  ...localeQuery,
  service_request_id: z.string().optional().describe('comma-separated ids; other filters are then ignored'),
  service_code: z.string().optional().describe('comma-separated service codes'),
  status: z.string().optional().describe('comma-separated: open, closed'),
  start_date: z.string().optional().describe('W3C datetime: requested at or after'),
  end_date: z.string().optional().describe('W3C datetime: requested before'),
  updated_after: z.string().optional(),
  updated_before: z.string().optional(),
  lat: z.string().optional(),
  long: z.string().optional(),
  radius: z.string().optional().describe('metres; the location search applies only with lat and long'),
  service_object_type: z.string().optional(),
  service_object_id: z.string().optional(),
  extensions: z.string().optional().describe('true: CitySDK extended_attributes'),
  api_key: z
    .string()
    .optional()
    .describe("with service_request_id: the requests your key created are listed whatever their moderation (pending, or rejected without its text); never anyone else's. An unknown key lists only published requests"),
});

/** The fields of a submission (multipart/form-data or urlencoded); the shared input schema checks them. */
export const submissionBody = z.object({
  api_key: z.string(),
  service_code: z.string(),
  description: z.string(),
  title: z.string().optional(),
  lat: z.string().optional(),
  long: z.string().optional(),
  service_object_type: z.string().optional(),
  service_object_id: z.string().optional(),
  address_string: z.string().optional(),
  address_id: z.string().optional(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  phone: z.string().optional(),
  device_id: z.string().optional(),
  account_id: z.string().optional(),
  media_url: z.string().optional(),
  locale: z.string().optional(),
});

/** Every JSON answer of a GeoReport GET: what the proxy passes on from its upstream. */
export const anyGeoReportAnswer = z.union([discoverySchema, z.array(serviceTypeSchema), serviceDefinitionSchema, serviceRequestListSchema, followerCountSchema]);
