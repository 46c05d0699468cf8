/** The proxy in front of the GeoReport service: the browser's calls, with the proxy's API key. */
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { rateLimited, tooManyPhotos } from '../../shared/georeport/problems';
import { describeIssues, serviceRequestInputSchema } from '../../shared/georeport/request-input-schema';
import type { AppContext } from '../context';
import { createAnswerCache } from '../http/answer-cache';
import { geoReportErrorHandler } from '../open311/error-handler';
import { GeoReportError, badRequest } from '../open311/errors';
import { registerGeoReportBodyParsers } from '../open311/form-body-parsers';
import { singleValues } from '../open311/form-reader';
import { splitFormat } from '../open311/format';
import { answerOnce, idempotencyKeyOf, requestFingerprint, sendStoredAnswer, stillRunning, submissionLeaseMs, type ClaimedKey } from '../open311/idempotency';
import { clientFormForwarder, readClientForm, upstreamCall, type SubmissionAnswer } from './client-forms';
import { registerFollowProxy } from './follow-proxy';
import { registerUpdatesProxy } from './updates-proxy';
import { sharedRateLimitStore } from '../http/shared-rate-limit-store';
import type { CachedUpstreamAnswer } from './upstream';
import { createUploadSpool, uploadSpoolDirectory } from '../open311/upload-spool';
import { passedOnRequestHeaders, wildcardOf, type UpstreamResponse } from './upstream';
import type { Upstreams } from './upstreams';
import { proxySchemas, type ForwardedParams, type SubmissionParams } from './route-schemas';
import { lookupTokenOf, submissionScope } from './submission-scope';
import { raisedOr, validateRoutesButStreamedForms } from '../http/route-validation';
import { geoReportRefusal } from '../open311/validation-errors';

export interface GeoReportProxyOptions {
  context: AppContext;
  upstreams: Upstreams;
  apiKey: () => string;
}

const validatedFields = [
  'service_code', 'description', 'title', 'lat', 'long', 'service_object_type', 'service_object_id', 'address_string',
  'address_id', 'email', 'first_name', 'last_name', 'phone', 'device_id', 'account_id', 'media_url',
] as const;

function sendUpstream(reply: FastifyReply, response: UpstreamResponse) {
  return reply.code(response.statusCode).headers(response.headers).send(response.body);
}

/**
 * `/proxy/open311/v1/*`: forwards to the GeoReport upstream. GETs pass through (the service list
 * cached briefly per locale); a POST is validated with the shared schema, gets the proxy's key
 * instead of anything the browser sent, and goes on: to the embedded service in-process, or to
 * another city's service with its photos streamed from disk.
 */
export const georeportProxy: FastifyPluginAsync<GeoReportProxyOptions> = async (app, { context, upstreams, apiKey }) => {
  const { config } = context;
  await registerGeoReportBodyParsers(app, config, context.uploads);
  await app.register(rateLimit, {
    global: false,
    // Counted in the store: every instance behind a load balancer limits the same client together.
    store: sharedRateLimitStore(context.repositories.rateLimits, context.now),
    errorResponseBuilder: (_request, limit) =>
      new GeoReportError(429, rateLimited.text({ limit: limit.max, seconds: Math.ceil(limit.ttl / 1000) })),
  });
  app.setErrorHandler(geoReportErrorHandler);
  // A refusal is the GeoReport error its check raised, or the records of what to fix.
  validateRoutesButStreamedForms(app, raisedOr(geoReportRefusal));

  // The upstream may be a city's service that tells us nothing of its changes: reused for a while only.
  const servicesCache = createAnswerCache<CachedUpstreamAnswer>({
    maxAgeMs: config.SERVICES_CACHE_SECONDS * 1000,
    maxEntries: 100,
    maxBytes: 10 * 1024 * 1024,
    counter: context.metrics.cache('proxy_services'),
    clock: context.now,
  });

  app.get('/*', { schema: proxySchemas.georeportGet }, async (request, reply) => {
    const rest = (request.params as ForwardedParams).path;
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const url = `${upstreams.open311()}/${rest}${query}`;
    const cacheable = /^services\.(json|xml)$/i.test(rest) && servicesCache.enabled;
    if (cacheable) {
      const cached = servicesCache.get(url, '');
      if (cached) return reply.code(cached.statusCode).headers(cached.headers).send(cached.body);
    }
    // The service list is read into the cache (compressed here, once per list); the rest passes through.
    const headers = { ...upstreams.open311ClientOrigin(request), ...(cacheable ? {} : passedOnRequestHeaders(request)) };
    const response = await upstreamCall(() => upstreams.call('issue reporting', url, { headers, timeoutMs: config.UPSTREAM_TIMEOUT_MS }));
    if (!cacheable || response.statusCode !== 200) return sendUpstream(reply, response);
    const body = Buffer.from(await response.body.arrayBuffer());
    servicesCache.set(url, '', { statusCode: 200, headers: response.headers, body });
    return reply.code(200).headers(response.headers).send(body);
  });

  registerFollowProxy(app, context, upstreams, apiKey);
  registerUpdatesProxy(app, context, upstreams, apiKey);

  const forwardOverHttp = clientFormForwarder({ context, upstreams, apiKey });

  /**
   * What a client asks after a send that got no answer (a lost connection, a reload): did the
   * report with this idempotency key arrive? 200 with its first answer, 409 while it is still
   * being sent, 404 when nothing arrived (or longer ago than the keys are kept) — and for anyone
   * without the lookup token the report went with (submission-scope.ts), alike.
   */
  app.get<{ Params: SubmissionParams }>('/submissions/:key', { schema: proxySchemas.submission }, async (request, reply) => {
    const { key } = request.params;
    const token = lookupTokenOf(request);
    // Without a token nothing is found: a report sent without one is answered by sending it again.
    const found = token === undefined ? undefined : await context.repositories.idempotencyKeys.find(submissionScope(token), key, context.now());
    if (found?.state === 'running') throw stillRunning();
    if (!found) throw new GeoReportError(404, 'no report has arrived with this Idempotency-Key in the last 24 hours; send it again with the same key');
    return sendStoredAnswer(reply, found.answer);
  });

  // One path with the GET above (`/*`), so the OpenAPI document has one path for the shape; only
  // one segment is a resource here (`requests.json`): anything deeper is the app's own 404, as
  // before, and not counted against the post limit.
  app.post(
    '/*',
    {
      schema: proxySchemas.georeportCreate,
      config: { rateLimit: { max: config.PROXY_POSTS_PER_MINUTE, timeWindow: 60_000, allowList: (request) => wildcardOf(request).includes('/') } },
    },
    async (request, reply) => {
      const file = wildcardOf(request);
      if (file.includes('/')) return reply.callNotFound();
      const { name, format } = splitFormat(file);
      if (name !== 'requests' || !format) {
        throw new GeoReportError(404, `no such resource: POST ${request.url.split('?')[0]}; post to requests.json or requests.xml`);
      }
      // Read before the body: a malformed header is refused without waiting for the photos.
      const idempotencyKey = idempotencyKeyOf(request);
      const scope = submissionScope(lookupTokenOf(request));
      const spool = await createUploadSpool(uploadSpoolDirectory(config));
      try {
        const form = await readClientForm(request, spool);
        const { fields, files } = form;
        const { values, problems } = singleValues(fields, validatedFields);
        const parsed = serviceRequestInputSchema.safeParse(values);
        if (!parsed.success) problems.push(...describeIssues(parsed.error).map((issue) => issue.message));
        if (files.length > config.MEDIA_MAX_FILES) problems.push(tooManyPhotos.text({ limit: config.MEDIA_MAX_FILES }));
        if (problems.length > 0) throw badRequest(problems);

        // The embedded service takes the form as read here: no second parse, the photos read from this spool.
        const embedded = upstreams.embeddedGeoReport;
        // In-process, the report and the key's answer are one transaction; over HTTP the upstream holds the key too.
        const forward = (claimed?: ClaimedKey): Promise<SubmissionAnswer> =>
          embedded ? embedded.createRequest(format, { fields: { ...fields, api_key: apiKey() }, files }, claimed) : forwardOverHttp(request, file, form, idempotencyKey);
        // The proxy holds its clients' keys itself, in the store: the upstream (embedded or a city's) gets each report once.
        const answer: SubmissionAnswer =
          idempotencyKey === undefined
            ? await forward()
            : await answerOnce(
                {
                  repository: context.repositories.idempotencyKeys,
                  scope,
                  key: idempotencyKey,
                  fingerprint: await requestFingerprint(request, form),
                  now: context.now,
                  leaseMs: submissionLeaseMs(config),
                },
                forward,
              );
        if (answer.headers) reply.headers(answer.headers);
        return sendStoredAnswer(reply, answer);
      } finally {
        await spool.dispose();
      }
    },
  );
};
