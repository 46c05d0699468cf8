/**
 * Route schemas of the proxy (/proxy), for the OpenAPI document only (http/openapi.ts). The proxy
 * forwards to the configured services, so its answers are theirs: the GeoReport and counter
 * schemas of the embedded services describe them (a city's service answers in the same wire).
 * Its own answers are the 429 of the rate limit and 502/504 when an upstream fails.
 */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { drfErrorSchema } from '../drf/wire-schemas';
import { anyGeoReportAnswer, bothFormats, createdSchema, followAnswerSchema, geoReportErrors, submissionBody } from '../open311/wire-schemas';

const tags = ['Proxy (the web app’s only door; adds the API key)'];
const forwarded = z.object({ '*': z.string().describe('the path under the service, e.g. requests.json or services/171.xml') });
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
    params: forwarded,
    response: { 200: bothFormats('The service’s answer', anyGeoReportAnswer, 'the resource'), ...geoReportErrors(400, 404, 502, 504) },
  },
  georeportCreate: {
    tags,
    summary: 'Report a problem through the proxy: the fields of POST /open311/v1/requests.{format} without api_key (the proxy adds its own)',
    params: z.object({ '*': z.string().describe('requests.json or requests.xml') }),
    body: submissionBody.omit({ api_key: true }),
    response: { 200: bothFormats('The new request id', createdSchema, 'service_requests'), ...geoReportErrors(400, 403, 404, 413, 429, 502, 503, 504) },
  },
  follow: {
    tags,
    summary: 'Follow a published request through the proxy (the fields of the service’s follow, without api_key)',
    params: z.object({ id: z.string(), file: z.string().describe('followers.json or followers.xml') }),
    body: z.object({ email: z.string(), locale: z.string().optional() }),
    response: { 202: bothFormats('Confirmation sent', followAnswerSchema, 'follow'), ...geoReportErrors(400, 403, 404, 429, 502, 504) },
  },
  countersPath: { tags, summary: 'The counter service, forwarded', params: forwarded, response: { 200: counterAnswer, ...counterErrors } },
  countersSuffix: { tags, summary: 'The counter service, forwarded, with a format suffix', params: z.object({ format: z.string() }), response: { 200: counterAnswer, ...counterErrors } },
  redirect: { tags, summary: 'A redirect (301) to the same path with a slash', response: { 301: z.null().describe('to the path with a slash') } },
  countersInfo: {
    tags,
    summary: 'The attribution the counter data needs, from the configured counter service',
    response: { 200: json('The attribution, or null', z.strictObject({ attribution: z.record(z.string(), z.unknown()).nullable() })) },
  },
};
