/**
 * GET requests.[format] (the public listing: whole answers cached per public change token, items
 * per revision; by id with a caller's api_key, its own requests whatever their moderation, never
 * cached whole) and requests/{id}.[format].
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unknownServiceCode } from '../../../shared/georeport/problems';
import type { SupportedLocale } from '../../../shared/locales';
import { verifyApiKey } from '../../auth/api-keys';
import type { AppContext } from '../../context';
import { createAnswerCache } from '../../http/answer-cache';
import { notFound } from '../../open311/errors';
import { presentServiceRequests, type PresentOptions } from '../../open311/presenter';
import { publicBaseUrl, sendDocument } from '../../open311/reply';
import type { GeoReportFormat } from '../../open311/serializers';
import type { ServiceRequestQuery } from '../../storage/repositories/types';
import { inJurisdiction, type JurisdictionScope } from '../jurisdiction';
import { createListing } from '../listing';
import { scopeOf } from './jurisdiction-scope';

/** Room for rendered listing items: ~1.1 KiB each with extensions (the bench prints it), so ~60,000 items. */
const listingFragmentBytes = 64 * 1024 * 1024;

/** GET requests.[format] as its route schema read it. */
export type RequestListQuery = ServiceRequestQuery & { extensions: boolean; locale: SupportedLocale; apiKey?: string };

export function requestListHandler(context: AppContext) {
  // At most 2 s old, so the rolling "last 90 days" window stays honest.
  const cache = createAnswerCache<{ body: Buffer; contentType: string }>({
    maxEntries: 500,
    maxBytes: 64 * 1024 * 1024,
    maxAgeMs: 2000,
    clock: context.now,
    counter: context.metrics.cache('georeport_listing'),
  });
  const listing = createListing(context.repositories, listingFragmentBytes);
  const { serviceRequests, serviceTypes } = context.repositories;

  /** The cache's key: the query string as sent, so a hit needs no parsing. */
  const cacheKeyOf = (request: FastifyRequest, format: GeoReportFormat) => {
    const rawQuery = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
    return `${format}|${publicBaseUrl(request, context.config)}|${rawQuery}`;
  };
  /**
   * The answer's validity: published requests unchanged, and, for a body's listing, the bodies as
   * they were (a body removed, or its jurisdiction_id given to another, changes whose requests the
   * same query string names). The bodies' token was read by the jurisdiction hook: no second read.
   */
  const tokenOf = async (scope: JurisdictionScope) => {
    const published = await serviceRequests.publicChangeToken();
    return scope.token === undefined ? published : `${published}|${scope.token}`;
  };
  /**
   * The token the cache check read, kept for the handler of the same request: read before the
   * data, it can only be older than what the handler renders, so an answer stored under it is
   * re-rendered at the next change, never served stale — and a miss costs one token read, not two.
   */
  const checkedTokens = new WeakMap<FastifyRequest, string>();

  return {
    /**
     * Answers from the cache before the route schema runs: an answer is cached only for a query
     * string that passed it, and the same string parses the same way, so validating it again on
     * every hit would cost a tenth of the hit for nothing.
     */
    async answerFromCache(request: FastifyRequest, reply: FastifyReply, format: GeoReportFormat) {
      // Moves only on writes a public listing can show (published before or after the write).
      const token = await tokenOf(scopeOf(request));
      const cached = cache.get(cacheKeyOf(request, format), token);
      checkedTokens.set(request, token);
      // Returning the reply tells Fastify it was sent, so validation and the handler are skipped.
      if (cached) return reply.type(cached.contentType).send(cached.body);
      return undefined;
    },
    handle: (request: FastifyRequest, reply: FastifyReply, format: GeoReportFormat, query: RequestListQuery) => render(request, reply, format, query),
  };

  async function render(request: FastifyRequest, reply: FastifyReply, format: GeoReportFormat, { extensions, locale, apiKey, ...publicQuery }: RequestListQuery) {
    // A caller's own unpublished requests are its answer alone: never stored, here or on the way.
    if (apiKey !== undefined) {
      const answer = await renderAnswer(request, format, extensions, locale, await withOwnRequests(publicQuery, apiKey));
      return reply.header('cache-control', 'no-store').type(answer.contentType).send(answer.body);
    }
    const cacheKey = cacheKeyOf(request, format);
    const checked = checkedTokens.get(request);
    const token = checked ?? (await tokenOf(scopeOf(request)));
    if (checked === undefined) {
      const cached = cache.get(cacheKey, token);
      if (cached) return reply.type(cached.contentType).send(cached.body);
    }
    const answer = await renderAnswer(request, format, extensions, locale, publicQuery);
    cache.set(cacheKey, token, answer);
    return reply.type(answer.contentType).send(answer.body);
  }

  /**
   * By id, the requests the key created are listed too, whatever their moderation (a pending one
   * as it is; a rejected one without its text, as by id). Never another caller's; an unknown or
   * revoked key, or a search without ids, gets the public listing.
   */
  async function withOwnRequests(query: ServiceRequestQuery, apiKey: string): Promise<ServiceRequestQuery> {
    if (!query.ids) return query;
    const key = await verifyApiKey(context.repositories.apiKeys, apiKey.trim());
    return key ? { ...query, createdWithKey: key.id } : query;
  }

  async function renderAnswer(request: FastifyRequest, format: GeoReportFormat, extensions: boolean, locale: SupportedLocale, query: ServiceRequestQuery) {
    const scope = scopeOf(request);
    const types = await serviceTypes.list();
    const unknownCodes = query.serviceCodes?.filter((code) => !types.some((type) => type.service_code === code));
    if (unknownCodes && unknownCodes.length > 0) {
      throw notFound(unknownServiceCode.text({ value: unknownCodes.join(', '), format }));
    }
    return listing.render({
      // A body's listing: its requests only (with service_request_id too: the jurisdiction is whose requests are searched).
      query: scope.body ? { ...query, bodyIds: [scope.body.id] } : query,
      extensions,
      format,
      locale,
      timeZone: context.config.TZ_NAME,
      baseUrl: publicBaseUrl(request, context.config),
      types,
    });
  }
}

interface RequestDetailAsk {
  format: GeoReportFormat;
  service_request_id: string;
  extensions: boolean;
  locale: SupportedLocale;
  scope: JurisdictionScope;
}

/** A single request is returned even before moderation: its unguessable id is the secret. */
export function requestDetailHandler(context: AppContext) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    { format, service_request_id: serviceRequestId, extensions, locale, scope }: RequestDetailAsk,
  ) => {
    const record = await context.repositories.serviceRequests.find(serviceRequestId);
    if (!record || !inJurisdiction(record, scope)) throw notFound(`service_request_id ${serviceRequestId} not found${scope.body ? ` in jurisdiction_id ${scope.body.jurisdiction_id}` : ''}`);
    const types = await context.repositories.serviceTypes.list();
    const options: PresentOptions = {
      locale,
      timeZone: context.config.TZ_NAME,
      baseUrl: publicBaseUrl(request, context.config),
      history: extensions ? await context.repositories.requestHistory.listFor([serviceRequestId]) : undefined,
    };
    return sendDocument(reply, presentServiceRequests([record], types, extensions, options), format);
  };
}
