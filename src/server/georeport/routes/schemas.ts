/**
 * Route schemas of the GeoReport service, for the OpenAPI document (http/openapi.ts) only: the
 * service validates with the shared input schema and answers its own error records, and every
 * answer is serialized from the one canonical document, so nothing here touches the wire. The
 * answers test (test/server/openapi/answers.test.ts) holds real answers to these schemas.
 */
import { z } from 'zod';
import {
  bothFormats,
  createdSchema,
  discoverySchema,
  followAnswerSchema,
  followerCountSchema,
  formatParam,
  geoReportErrors,
  jurisdictionQuery,
  localeQuery,
  requestListQuery,
  serviceDefinitionSchema,
  serviceRequestListSchema,
  serviceTypeSchema,
  submissionBody,
} from '../../open311/wire-schemas';

const tags = ['GeoReport v2'];

const idFormat = (name: string) => z.object({ [name]: z.string(), format: formatParam });

export const geoReportSchemas = {
  discovery: {
    tags,
    summary: 'Discovery: the endpoints and formats of this service',
    params: z.object({ format: formatParam }),
    response: { 200: bothFormats('Discovery', discoverySchema, 'discovery'), ...geoReportErrors(404) },
  },
  services: {
    tags,
    summary: 'Service list: the types of problem one can report',
    params: z.object({ format: formatParam }),
    querystring: z.object({ ...jurisdictionQuery, ...localeQuery }),
    response: { 200: bothFormats('Service types', z.array(serviceTypeSchema), 'services'), ...geoReportErrors(400, 404) },
  },
  serviceDefinition: {
    tags,
    summary: "Service definition: a service type's questions",
    params: idFormat('service_code'),
    querystring: z.object({ ...jurisdictionQuery, ...localeQuery }),
    response: { 200: bothFormats('Service definition', serviceDefinitionSchema, 'service_definition'), ...geoReportErrors(400, 404) },
  },
  requestList: {
    tags,
    summary: 'Published service requests, newest first',
    params: z.object({ format: formatParam }),
    querystring: requestListQuery,
    response: { 200: bothFormats('Service requests', serviceRequestListSchema, 'service_requests'), ...geoReportErrors(400, 404) },
  },
  requestDetail: {
    tags,
    summary: 'One service request by id',
    params: idFormat('service_request_id'),
    querystring: z.object({ ...jurisdictionQuery, ...localeQuery, extensions: z.string().optional() }),
    response: { 200: bothFormats('A list of one service request', serviceRequestListSchema, 'service_requests'), ...geoReportErrors(400, 404) },
  },
  requestCreate: {
    tags,
    summary: 'Report a problem (needs an API key); photos as `media` files in multipart/form-data',
    params: z.object({ format: formatParam }),
    body: submissionBody,
    response: {
      200: bothFormats('The new request id', createdSchema, 'service_requests'),
      ...geoReportErrors(400, 403, 404, 413, 429, 503),
    },
  },
  followerCount: {
    tags: ['Kerro extensions'],
    summary: 'How many confirmed followers a published request has',
    params: idFormat('service_request_id'),
    response: {
      200: bothFormats('Follower count', followerCountSchema, 'followers'),
      ...geoReportErrors(404),
    },
  },
  follow: {
    tags: ['Kerro extensions'],
    summary: 'Follow a published request: a confirmation email goes to the address (double opt-in)',
    params: idFormat('service_request_id'),
    body: z.object({ api_key: z.string(), email: z.string(), locale: z.string().optional() }),
    response: {
      202: bothFormats('Confirmation sent (the same whether or not the address already follows)', followAnswerSchema, 'follow'),
      ...geoReportErrors(400, 403, 404, 429),
    },
  },
};
