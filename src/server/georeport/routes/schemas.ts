/**
 * Route schemas of the GeoReport service: they validate and type each route's path and query
 * (fastify-type-provider-zod), answer a bad one with GeoReport error records
 * (open311/validation-errors.ts), and make the OpenAPI document (http/openapi.ts). Query fields
 * are read as GeoReport clients send them (a repeated parameter is a comma list, empty is absent)
 * and render in the document as the plain strings of open311/wire-schemas.ts. The POST bodies are
 * documented here but read by the handlers: a form is streamed (the key checked before any photo
 * arrives) and its fields parsed in the use-case. The answers test
 * (test/server/openapi/answers.test.ts) holds real answers to these schemas. jurisdiction_id is
 * documented here and resolved before the schema runs (jurisdiction-scope.ts): it needs the store.
 */
import { z } from 'zod';
import { resolveLocale } from '../../../shared/locales';
import { booleanParam, textParam, type RawQuery } from '../../http/query-params';
import { reportProblems } from '../../open311/validation-errors';
import {
  bothFormats,
  createdSchema,
  discoverySchema,
  abuseAnswerSchema,
  followAnswerSchema,
  residentUpdateAnswerSchema,
  residentUpdateBody,
  postedRequestUpdateSchema,
  requestUpdateBody,
  requestUpdateListSchema,
  requestUpdatesQuery,
  followerCountSchema,
  formatParam,
  geoReportErrors,
  idempotencyKeyHeaders,
  jurisdictionQuery,
  localeQuery,
  requestListQuery,
  serviceDefinitionSchema,
  serviceRequestListSchema,
  serviceTypeSchema,
  submissionBody,
  tokenAnswerSchema,
} from '../../open311/wire-schemas';
import { parseRequestQuery } from '../query-params';
import { parseUpdatesWindow } from '../request-updates';

type TextField = z.ZodOptional<z.ZodString>;

/** One text per parameter as http/query-params reads it; documented as the field it wraps. */
const textField = (field: TextField) => z.preprocess((value) => textParam({ value }, 'value'), field);

const jurisdictionText = (served: string) =>
  `${served} (this installation), or a body's jurisdiction_id (discovery lists them) for that body's answer; absent: the whole installation`;

/**
 * A query of text fields, read into `read`'s result. Its jurisdiction_id has been resolved by
 * then (an unknown one is a 404 before the rest of the query is looked at).
 */
function geoReportQuery<Out>(jurisdictionId: string, shape: Record<string, TextField>, read: (query: RawQuery, problems: string[]) => Out) {
  const documented = { jurisdiction_id: jurisdictionQuery.jurisdiction_id.describe(jurisdictionText(jurisdictionId)) };
  const fields = Object.fromEntries(Object.entries({ ...documented, ...localeQuery, ...shape }).map(([name, field]) => [name, textField(field)]));
  return z.object(fields).transform((query, ctx) => {
    const problems: string[] = [];
    const value = read(query, problems);
    reportProblems(ctx, problems);
    return { ...value, locale: resolveLocale(textParam(query, 'locale')) };
  });
}

const tags = ['GeoReport v2'];


/** The schemas of one service: its jurisdiction, and the clock the listing's default window is read from. */
export function geoReportSchemas(jurisdictionId: string, now: () => number) {
  // Its own instance per route, so the document writes each in place rather than as a reference.
  const localized = () => geoReportQuery(jurisdictionId, {}, () => ({}));
  const { jurisdiction_id: _jurisdiction, locale: _locale, ...listFields } = requestListQuery.shape;
  return {
    discovery: {
      tags,
      summary: 'Discovery: the endpoints and formats of this service, and the jurisdictions it serves',
      params: z.object({ format: formatParam }),
      querystring: localized(),
      response: { 200: bothFormats('Discovery', discoverySchema, 'discovery'), ...geoReportErrors(404) },
    },
    services: {
      tags,
      summary: 'Service list: the types of problem one can report',
      params: z.object({ format: formatParam }),
      querystring: localized(),
      response: { 200: bothFormats('Service types', z.array(serviceTypeSchema), 'services'), ...geoReportErrors(400, 404) },
    },
    serviceDefinition: {
      tags,
      summary: "Service definition: a service type's questions",
      params: z.object({ service_code: z.string(), format: formatParam }),
      querystring: localized(),
      response: { 200: bothFormats('Service definition', serviceDefinitionSchema, 'service_definition'), ...geoReportErrors(400, 404) },
    },
    requestList: {
      tags,
      summary: 'Published service requests, newest first',
      params: z.object({ format: formatParam }),
      querystring: geoReportQuery(jurisdictionId, listFields, (query, problems) => parseRequestQuery(query, now(), problems)),
      response: { 200: bothFormats('Service requests', serviceRequestListSchema, 'service_requests'), ...geoReportErrors(400, 404) },
    },
    requestDetail: {
      tags,
      summary: 'One service request by id',
      params: z.object({ service_request_id: z.string(), format: formatParam }),
      querystring: geoReportQuery(jurisdictionId, { extensions: z.string().optional() }, (query, problems) => ({
        extensions: booleanParam(query, 'extensions', problems),
      })),
      response: { 200: bothFormats('A list of one service request', serviceRequestListSchema, 'service_requests'), ...geoReportErrors(400, 404) },
    },
    token: {
      tags,
      summary: 'The request a token stands for (GeoReport v2 tokens; Kerro answers every POST with its id, which is also its token)',
      params: z.object({ token: z.string(), format: formatParam }),
      querystring: geoReportQuery(jurisdictionId, {}, () => ({})),
      response: { 200: bothFormats('The request id of the token', tokenAnswerSchema, 'service_requests'), ...geoReportErrors(400, 404) },
    },
    requestCreate: {
      tags,
      summary: 'Report a problem (needs an API key); photos as `media` files in multipart/form-data',
      params: z.object({ format: formatParam }),
      body: submissionBody,
      headers: idempotencyKeyHeaders,
      response: {
        200: bothFormats('The new request id', createdSchema, 'service_requests'),
        ...geoReportErrors(400, 403, 404, 409, 413, 422, 429, 503),
      },
    },
    followerCount: {
      tags: ['Kerro extensions'],
      summary: 'How many confirmed followers a published request has',
      params: z.object({ service_request_id: z.string(), format: formatParam }),
      querystring: localized(),
      response: {
        200: bothFormats('Follower count', followerCountSchema, 'followers'),
        ...geoReportErrors(404),
      },
    },
    follow: {
      tags: ['Kerro extensions'],
      summary: 'Follow a published request: a confirmation email goes to the address (double opt-in)',
      params: z.object({ service_request_id: z.string(), format: formatParam }),
      body: z.object({ api_key: z.string(), email: z.string(), locale: z.string().optional() }),
      response: {
        202: bothFormats('Confirmation sent (the same whether or not the address already follows)', followAnswerSchema, 'follow'),
        ...geoReportErrors(400, 403, 404, 429),
      },
    },
    residentUpdate: {
      tags: ['Kerro extensions'],
      summary: 'Post a resident’s update on a published request (needs an API key); pending until a moderator publishes it',
      params: z.object({ service_request_id: z.string(), format: formatParam }),
      body: residentUpdateBody,
      response: {
        200: bothFormats('The update, waiting for a moderator', residentUpdateAnswerSchema, 'updates'),
        ...geoReportErrors(400, 403, 404, 413),
      },
    },
    requestUpdates: {
      tags: ['servicerequestupdates (mySociety)'],
      summary: 'The public changes of published requests in a window, oldest first: status changes, public notes, published residents’ updates',
      params: z.object({ format: formatParam }),
      querystring: geoReportQuery(jurisdictionId, requestUpdatesQuery, (query, problems) => ({ window: parseUpdatesWindow(query, now(), problems) })),
      response: { 200: bothFormats('Request updates', requestUpdateListSchema, 'service_request_updates'), ...geoReportErrors(400, 404) },
    },
    postRequestUpdate: {
      tags: ['servicerequestupdates (mySociety)'],
      summary: 'Post a resident’s update on a published request (needs an API key); pending until a moderator publishes it',
      params: z.object({ format: formatParam }),
      body: requestUpdateBody,
      response: {
        200: bothFormats('The update’s id (the first one’s again for a repeated update_id_ext)', postedRequestUpdateSchema, 'service_request_updates'),
        ...geoReportErrors(400, 403, 404, 413),
      },
    },
    abuse: {
      tags: ['Kerro extensions'],
      summary: 'Report abuse against a published request: it goes back to its body\'s moderators with the reason',
      params: z.object({ service_request_id: z.string(), format: formatParam }),
      body: z.object({ api_key: z.string(), reason: z.string().describe('plain text, at most 1000 characters'), email: z.string().optional() }),
      response: {
        202: bothFormats('Report received', abuseAnswerSchema, 'abuse'),
        ...geoReportErrors(400, 403, 404, 429),
      },
    },
  };
}
