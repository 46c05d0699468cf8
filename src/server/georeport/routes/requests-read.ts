/** GET requests.[format] (the public listing, cached per change token) and requests/{id}.[format]. */
import { unknownServiceCode } from '../../../shared/georeport/problems';
import { resolveLocale } from '../../../shared/locales';
import type { AppContext } from '../../context';
import { createAnswerCache } from '../../http/answer-cache';
import { booleanParam, textParam, type RawQuery } from '../../http/query-params';
import { badRequest, notFound } from '../../open311/errors';
import { presentServiceRequests, type PresentOptions } from '../../open311/presenter';
import { publicBaseUrl, sendDocument } from '../../open311/reply';
import { serialize } from '../../open311/serializers';
import { checkJurisdiction } from '../jurisdiction';
import { parseRequestQuery } from '../query-params';
import type { FormatHandler } from './handler';

export function requestListHandler(context: AppContext): FormatHandler {
  // At most 2 s old, so the rolling "last 90 days" window stays honest.
  const cache = createAnswerCache<{ body: Buffer; contentType: string }>({ maxEntries: 500, maxBytes: 64 * 1024 * 1024, maxAgeMs: 2000 });
  const { serviceRequests, serviceTypes } = context.repositories;

  return async (request, reply, format) => {
    const baseUrl = publicBaseUrl(request, context.config);
    const rawQuery = request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
    const cacheKey = `${format}|${baseUrl}|${rawQuery}`;
    const now = context.now();
    const token = await serviceRequests.changeToken();
    const cached = cache.get(cacheKey, token, now);
    if (cached) return reply.type(cached.contentType).send(cached.body);

    const params = request.query as RawQuery;
    checkJurisdiction(params, context.config);
    const { extensions, ...query } = parseRequestQuery(params, now);
    const types = await serviceTypes.list();
    const unknownCodes = query.serviceCodes?.filter((code) => !types.some((type) => type.service_code === code));
    if (unknownCodes && unknownCodes.length > 0) {
      throw notFound(unknownServiceCode.text({ value: unknownCodes.join(', '), format }));
    }
    const records = await serviceRequests.query(query);
    const options: PresentOptions = {
      locale: resolveLocale(textParam(params, 'locale')),
      timeZone: context.config.TZ_NAME,
      baseUrl,
      history: extensions ? await context.repositories.requestHistory.listFor(records.map((record) => record.service_request_id)) : undefined,
    };
    const serialized = serialize(presentServiceRequests(records, types, extensions, options), format);
    // Encoded once: a cached string would be re-encoded to UTF-8 on every send.
    const answer = { body: Buffer.from(serialized.body), contentType: serialized.contentType };
    cache.set(cacheKey, token, now, answer);
    return reply.type(answer.contentType).send(answer.body);
  };
}

/** A single request is returned even before moderation: its unguessable id is the secret. */
export function requestDetailHandler(context: AppContext, serviceRequestId: string): FormatHandler {
  return async (request, reply, format) => {
    const params = request.query as RawQuery;
    checkJurisdiction(params, context.config);
    const problems: string[] = [];
    const extensions = booleanParam(params, 'extensions', problems);
    if (problems.length > 0) throw badRequest(problems);
    const record = await context.repositories.serviceRequests.find(serviceRequestId);
    if (!record) throw notFound(`service_request_id ${serviceRequestId} not found`);
    const types = await context.repositories.serviceTypes.list();
    const options: PresentOptions = {
      locale: resolveLocale(textParam(params, 'locale')),
      timeZone: context.config.TZ_NAME,
      baseUrl: publicBaseUrl(request, context.config),
      history: extensions ? await context.repositories.requestHistory.listFor([serviceRequestId]) : undefined,
    };
    return sendDocument(reply, presentServiceRequests([record], types, extensions, options), format);
  };
}
