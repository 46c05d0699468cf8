/**
 * Route schemas of the proxy (/proxy). They validate what the proxy itself reads: a forwarded
 * path it can carry (forwardedSubpath; else the service's 404), the submission's key, the update's
 * report and format; the refusal is the error the check raised (http/route-validation.ts's
 * raisedOr). What it passes on untouched, the service judges: a query (admitted as it came,
 * documented as the service's), a path the handler checks against the URL asked (the POSTs' 404s
 * name it), and the forms, streamed to the handlers (photos spooled as they arrive), so there is
 * no body when a schema would run. With the answers they make the OpenAPI document
 * (http/openapi.ts). The proxy's answers are the services': the GeoReport and counter schemas of
 * the embedded services describe them (a city's service answers in the same wire); its own are
 * the 429 of the rate limit and 502/504 when an upstream fails.
 */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { drfErrorSchema } from '../drf/wire-schemas';
import { addRaised, documentedAs } from '../http/route-validation';
import { GeoReportError } from '../open311/errors';
import { readFormat } from '../open311/format';
import { checkedIdempotencyKey } from '../open311/idempotency';
import { abuseAnswerSchema, anyGeoReportAnswer, errorRecordsSchema, bothFormats, createdSchema, followAnswerSchema, geoReportErrors, residentUpdateAnswerSchema, residentUpdateBody, idempotencyKeyHeaders, submissionBody } from '../open311/wire-schemas';
import { forwardedSubpath } from './upstream';

const tags = ['Proxy (the web app’s only door; adds the API key)'];
const forwarded = z.object({ '*': z.string().describe('the path under the service, e.g. requests.json or services/171.xml') });

/** A check whose error is the refusal: `read` gives the value or throws the API's error. */
const raising = <In, Out>(read: (value: In) => Out) => (value: In, ctx: z.core.$RefinementCtx) => {
  try {
    return read(value);
  } catch (error) {
    if (!(error instanceof GeoReportError)) throw error;
    addRaised(ctx, error);
    return z.NEVER;
  }
};

/** A wildcard path as the proxy forwards it (`path`, encoded); one no URL can carry is the service's 404 (`missing`). */
const forwardedPath = (params: z.ZodObject<{ '*': z.ZodString }>, missing: string) =>
  params.transform(
    raising((value: { '*': string }) => {
      const path = forwardedSubpath(value['*']);
      if (path === undefined) throw new GeoReportError(404, missing);
      return { ...value, path };
    }),
  );

/** The parameters of a route whose wildcard passed its schema (forwardedPath). */
export type ForwardedParams = { '*': string; path: string };
/** The submission's key, checked as the header's is (a 400 when it cannot be one). */
export type SubmissionParams = { key: string };
/** An update's report (forwarded, one segment) and its format. */
export type UpdateParams = { id: string; format: 'json' | 'xml' };

const submissionParams = z.object({ key: z.string().describe('the Idempotency-Key the report was sent with, without its quotes') }).transform(
  raising((value: { key: string }) => ({ key: checkedIdempotencyKey(value.key, 'the key in the path') })),
);

/** The browser's lookup token (proxy/submission-scope.ts), on a report and on its lookup. */
const lookupTokenHeader = {
  'submission-lookup-token': z
    .string()
    .optional()
    .describe(
      'A random secret the browser keeps with the report’s Idempotency-Key (a UUID): sent with the report and with its lookup, so only the browser that sent a report can ask for its answer. A lookup without the token the report went with answers 404, as for a key nothing arrived with',
    ),
};

const updateParams = z.object({ id: z.string(), format: z.string().describe('json or xml') }).transform(
  raising((value: { id: string; format: string }) => {
    const { format, problem } = readFormat(value.format);
    const id = forwardedSubpath(value.id);
    if (!format || id === undefined || id.includes('/')) throw new GeoReportError(404, problem ?? `service_request_id ${value.id} not found`);
    return { id, format };
  }),
);
const json = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });

/** A counter-service answer as forwarded: JSON (links re-pointed at the proxy), CSV or the browsable page. */
const counterAnswer = {
  description: "The counter service's answer",
  content: {
    'application/json': { schema: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).describe('as /api/… answers it; see those paths') },
    'text/csv': { schema: z.string() },
    'text/html': { schema: z.string() },
  },
};
const counterErrors = Object.fromEntries([400, 404, 406, 502, 504].map((code) => [code, json(`Error (${code})`, drfErrorSchema)]));

/** Typed loosely: the proxy answers with the status its upstream gave, which no literal type names. */
export const proxySchemas: Record<string, FastifySchema> = {
  georeportGet: {
    tags,
    summary: 'Any GeoReport GET, forwarded (the paths and answers of /open311/v1)',
    params: forwardedPath(forwarded, 'no such resource; see discovery.json'),
    response: { 200: bothFormats('The service’s answer', anyGeoReportAnswer, 'the resource'), ...geoReportErrors(400, 404, 502, 504) },
  },
  georeportCreate: {
    tags,
    summary: 'Report a problem through the proxy: the fields of POST /open311/v1/requests.{format} without api_key (the proxy adds its own)',
    params: z.object({ '*': z.string().describe('requests.json or requests.xml') }),
    body: submissionBody.omit({ api_key: true }),
    headers: idempotencyKeyHeaders.extend(lookupTokenHeader),
    response: { 200: bothFormats('The new request id', createdSchema, 'service_requests'), ...geoReportErrors(400, 403, 404, 409, 413, 422, 429, 502, 503, 504) },
  },
  submission: {
    tags,
    summary: 'Whether a report sent with this Idempotency-Key arrived (asked after a send that got no answer)',
    description:
      'A report posted through the proxy with an `Idempotency-Key` header (a quoted string, e.g. a UUID made with the draft) is answered once; every repeat of it within 24 hours gets that first answer. This path gives the same first answer to the browser that sent it, by the key and the `Submission-Lookup-Token` the report went with: 200 when it arrived, 409 with Retry-After while it is still being processed, 404 when nothing arrived with the key and that token (a report sent without a token is never found here: sending it again with the same key gives its first answer).',
    params: submissionParams,
    headers: z.object(lookupTokenHeader).passthrough(),
    response: { 200: bothFormats('The first answer to the report, as it was given (the format it was posted in)', createdSchema, 'service_requests'), ...geoReportErrors(400, 404, 409) },
  },
  follow: {
    tags,
    summary: 'Follow a published request (followers.json), or report abuse against it (abuse.json), through the proxy: the fields of the service’s own, without api_key',
    params: z.object({ id: z.string(), file: z.string().describe('followers.json, followers.xml, abuse.json or abuse.xml') }),
    body: z.object({ email: z.string().optional(), locale: z.string().optional(), reason: z.string().optional().describe('abuse: plain text, at most 1000 characters') }),
    response: {
      202: bothFormats('Confirmation sent (followers) or report received (abuse)', z.union([followAnswerSchema, abuseAnswerSchema]), 'follow'),
      ...geoReportErrors(400, 403, 404, 429, 502, 504),
    },
  },
  residentUpdate: {
    tags,
    summary: 'Post an update on a published report through the proxy (the fields of the service’s updates, without api_key; verified_email is the proxy’s own)',
    params: updateParams,
    body: residentUpdateBody.omit({ api_key: true, verified_email: true }),
    response: { 200: bothFormats('The update, waiting for a moderator', residentUpdateAnswerSchema, 'updates'), ...geoReportErrors(400, 403, 404, 413, 429, 502, 504) },
  },
  bodiesGet: {
    tags,
    summary: 'The bodies read API, from this installation itself (the paths and answers of /bodies/v1)',
    params: forwardedPath(
      z.object({ '*': z.string().describe('bodies.json, not-ours.json, asset-layers.json or asset-layers/{id}/features.json') }),
      'no such resource; the bodies are at bodies.json',
    ),
    // Passed on as it came: the bodies route judges it.
    querystring: documentedAs(z.object({ lat: z.string().optional(), long: z.string().optional(), locale: z.string().optional(), bbox: z.string().optional() })),
    response: {
      200: json(
        'As GET /bodies/v1/… answers: a list (bodies, not-ours places, asset layers) or an asset layer\'s GeoJSON FeatureCollection',
        z.union([z.array(z.record(z.string(), z.unknown())), z.record(z.string(), z.unknown())]),
      ),
      400: json('Error records: what to fix in lat, long or bbox', errorRecordsSchema),
      404: json('Error records: no such resource', errorRecordsSchema),
      502: json("Error records: an asset layer's map service did not answer usably", errorRecordsSchema),
    },
  },
  // The path is the counter service's to judge: the handlers answer its `{"detail"}` 404 for one they cannot forward.
  countersPath: { tags, summary: 'The counter service, forwarded', params: forwarded, response: { 200: counterAnswer, ...counterErrors } },
  countersSuffix: { tags, summary: 'The counter service, forwarded, with a format suffix', params: z.object({ format: z.string() }), response: { 200: counterAnswer, ...counterErrors } },
  redirect: { tags, summary: 'A redirect (301) to the same path with a slash', response: { 301: z.null().describe('to the path with a slash') } },
  countersInfo: {
    tags,
    summary: 'The attribution the counter data needs, from the configured counter service',
    response: { 200: json('The attribution, or null', z.strictObject({ attribution: z.record(z.string(), z.unknown()).nullable() })) },
  },
};

/** A pass-through's schema: its query admitted as it came (the service it goes to judges it), documented as that service's. */
export const passedOn = (schema: FastifySchema): FastifySchema => ({ ...schema, querystring: documentedAs(schema.querystring as z.ZodType) });
