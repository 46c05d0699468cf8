/**
 * Route schemas of the GeoReport service, for the OpenAPI document (http/openapi.ts) only: the
 * service validates with the shared input schema and answers its own error records, and every
 * answer is serialized from the one canonical document, so nothing here touches the wire. The
 * answers test (test/server/openapi/answers.test.ts) holds real answers to these schemas.
 */
import { z } from 'zod';
import { serviceRequestSchema } from '../../../shared/georeport/service-request-schema';

const tags = ['GeoReport v2'];
/** The path suffix picks the format: JSON, or XML with the same structure under a root element. */
const formatParam = z.enum(['json', 'xml']).describe('json or xml; every answer, errors included, comes in that format');

/** The XML form of a body: the same fields as elements, under the root element named here. */
function bothFormats(description: string, schema: z.ZodType, xmlRoot: string) {
  return {
    description,
    content: {
      'application/json': { schema },
      'text/xml': { schema: schema.describe(`The same structure as XML, under <${xmlRoot}>; list items are elements named after their kind`) },
    },
  };
}

export const errorRecordsSchema = z
  .array(z.strictObject({ code: z.number().int(), description: z.string() }))
  .describe('GeoReport error records');
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, bothFormats(`Error records (${code})`, errorRecordsSchema, 'errors')]));

const localeQuery = { locale: z.string().optional().describe('fi, sv or en: names and texts in that language') };
const jurisdictionQuery = { jurisdiction_id: z.string().optional().describe('the one jurisdiction this service answers to') };

const endpointSchema = z.strictObject({
  specification: z.string(),
  url: z.string(),
  changeset: z.string(),
  type: z.enum(['production', 'test']),
  formats: z.array(z.string()),
});
const discoverySchema = z.strictObject({ changeset: z.string(), contact: z.string(), key_service: z.string(), endpoints: z.array(endpointSchema) });

const serviceTypeSchema = z.strictObject({
  service_code: z.string(),
  service_name: z.string(),
  description: z.string(),
  metadata: z.boolean(),
  type: z.enum(['realtime', 'batch', 'blackbox']),
  keywords: z.string(),
  group: z.string(),
});
const serviceDefinitionSchema = z.strictObject({
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

const requestListQuery = z.object({
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
});

/** The fields of a submission (multipart/form-data or urlencoded); the shared input schema checks them. */
const submissionBody = z.object({
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

const idFormat = (name: string) => z.object({ [name]: z.string(), format: formatParam });

export const geoReportSchemas = {
  discovery: {
    tags,
    summary: 'Discovery: the endpoints and formats of this service',
    params: z.object({ format: formatParam }),
    response: { 200: bothFormats('Discovery', discoverySchema, 'discovery'), ...errors(404) },
  },
  services: {
    tags,
    summary: 'Service list: the types of problem one can report',
    params: z.object({ format: formatParam }),
    querystring: z.object({ ...jurisdictionQuery, ...localeQuery }),
    response: { 200: bothFormats('Service types', z.array(serviceTypeSchema), 'services'), ...errors(400, 404) },
  },
  serviceDefinition: {
    tags,
    summary: "Service definition: a service type's questions",
    params: idFormat('service_code'),
    querystring: z.object({ ...jurisdictionQuery, ...localeQuery }),
    response: { 200: bothFormats('Service definition', serviceDefinitionSchema, 'service_definition'), ...errors(400, 404) },
  },
  requestList: {
    tags,
    summary: 'Published service requests, newest first',
    params: z.object({ format: formatParam }),
    querystring: requestListQuery,
    response: { 200: bothFormats('Service requests', z.array(serviceRequestSchema), 'service_requests'), ...errors(400, 404) },
  },
  requestDetail: {
    tags,
    summary: 'One service request by id',
    params: idFormat('service_request_id'),
    querystring: z.object({ ...jurisdictionQuery, ...localeQuery, extensions: z.string().optional() }),
    response: { 200: bothFormats('A list of one service request', z.array(serviceRequestSchema), 'service_requests'), ...errors(400, 404) },
  },
  requestCreate: {
    tags,
    summary: 'Report a problem (needs an API key); photos as `media` files in multipart/form-data',
    params: z.object({ format: formatParam }),
    body: submissionBody,
    response: {
      200: bothFormats(
        'The new request id',
        z.array(z.strictObject({ service_request_id: z.string(), service_notice: z.string() })),
        'service_requests',
      ),
      ...errors(400, 403, 404, 413, 429, 503),
    },
  },
  followerCount: {
    tags: ['Kerro extensions'],
    summary: 'How many confirmed followers a published request has',
    params: idFormat('service_request_id'),
    response: {
      200: bothFormats('Follower count', z.strictObject({ service_request_id: z.string(), follower_count: z.number().int().min(0) }), 'followers'),
      ...errors(404),
    },
  },
  follow: {
    tags: ['Kerro extensions'],
    summary: 'Follow a published request: a confirmation email goes to the address (double opt-in)',
    params: idFormat('service_request_id'),
    body: z.object({ api_key: z.string(), email: z.string(), locale: z.string().optional() }),
    response: {
      202: bothFormats('Confirmation sent (the same whether or not the address already follows)', z.strictObject({ service_request_id: z.string(), status: z.literal('confirmation_sent') }), 'follow'),
      ...errors(400, 403, 404, 429),
    },
  },
};
