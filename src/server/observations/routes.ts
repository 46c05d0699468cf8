/**
 * The real counter service's other endpoints, under `/api`: the API root, observations, their
 * aggregate and the data sources' metadata. JSON only (`format=json` or none; another format is
 * DRF's 404), CORS open, DRF's error bodies; paths without the trailing slash redirect (301) as
 * Django's APPEND_SLASH does. Formats and rendering beside it: list.ts, aggregate.ts, sources.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { AppContext } from '../context';
import { requirePublicBaseUrl } from '../http/public-base-url';
import { isStoreUnavailable, storeRetryAfterSeconds } from '../storage/errors';
import { badRequest, DrfError, notFound, type DrfErrorBody } from '../drf/errors';
import { effectiveQuery, lastValue, parseQueryString, rawQueryOf, type QueryPairs } from '../drf/query-string';
import { renderAggregate } from './aggregate';
import { renderObservationList } from './list';
import { observationSchemas } from './route-schemas';
import { languageOf, serializeSource } from './sources';

const send = (reply: FastifyReply, statusCode: number, body: unknown) =>
  reply
    .code(statusCode)
    .headers({ 'access-control-allow-origin': '*', allow: 'GET, HEAD, OPTIONS', vary: 'Accept' })
    .type('application/json')
    // A Buffer, so Fastify adds no charset: DRF's JSON type is plain application/json.
    .send(Buffer.from(JSON.stringify(body)));

/** The query as the real views read it (camelCase names too); only JSON is served here. */
function queryOf(request: FastifyRequest): QueryPairs {
  const pairs = effectiveQuery(parseQueryString(rawQueryOf(request.url)));
  const format = lastValue(pairs, 'format');
  if (format !== undefined && format !== 'json') throw notFound();
  return pairs;
}

export async function observationRoutes(app: FastifyInstance, options: { context: AppContext }): Promise<void> {
  const { config, repositories } = options.context;
  const repository = repositories.observations;
  const timeZone = config.TZ_NAME;
  const baseUrl = (request: FastifyRequest) => `${requirePublicBaseUrl(request, config, () => badRequest('Invalid Host header.'))}${app.prefix}`;

  app.setNotFoundHandler((_request, reply) => send(reply, 404, { detail: 'Not found.' }));
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DrfError) return send(reply, error.statusCode, error.body as DrfErrorBody);
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return send(reply, statusCode, { detail: 'Malformed request.' });
    if (isStoreUnavailable(error)) {
      reply.header('Retry-After', String(storeRetryAfterSeconds));
      return send(reply, 503, { detail: 'Service temporarily unavailable, try again later.' });
    }
    request.log.error({ err: error }, 'observations request failed');
    return send(reply, 500, { detail: 'A server error occurred.' });
  });

  const get = (path: string, schema: FastifySchema, handler: (request: FastifyRequest<{ Params: Record<string, string> }>) => Promise<unknown>) => {
    app.get<{ Params: Record<string, string> }>(`${path}/`, { schema }, async (request, reply) => send(reply, 200, await handler(request)));
    // Django's APPEND_SLASH: a permanent redirect to the slash form, query string kept.
    app.get(path, { schema: { hide: true } }, (request, reply) => {
      const query = rawQueryOf(request.url);
      reply.header('access-control-allow-origin', '*').redirect(`${request.url.split('?')[0]}/${query === '' ? '' : `?${query}`}`, 301);
    });
  };

  // DRF's DefaultRouter root: each registered prefix with its list URL.
  app.get('/', { schema: observationSchemas.root }, async (request, reply) => {
    queryOf(request);
    const base = baseUrl(request);
    return send(reply, 200, {
      counters: `${base}/counters/`,
      observations: `${base}/observations/`,
      'observations/aggregate': `${base}/observations/aggregate/`,
      'metadata/sources': `${base}/metadata/sources/`,
    });
  });

  get('/observations', observationSchemas.list, (request) => {
    const base = baseUrl(request);
    return renderObservationList(queryOf(request), { repository, timeZone, listUrl: `${base}/observations/`, countersUrl: `${base}/counters/` });
  });
  get('/observations/aggregate', observationSchemas.aggregate, (request) =>
    renderAggregate(queryOf(request), { repository, timeZone, listUrl: `${baseUrl(request)}/observations/aggregate/` }),
  );
  get('/metadata/sources', observationSchemas.sources, async (request) => {
    const language = languageOf(queryOf(request));
    return (await repository.listSources()).map((source) => serializeSource(source, language));
  });
  get('/metadata/sources/:name', observationSchemas.source, async (request) => {
    const language = languageOf(queryOf(request));
    const source = (await repository.listSources()).find((candidate) => candidate.name === request.params.name);
    if (!source) throw new DrfError(404, 'No Datasource matches the given query.');
    return serializeSource(source, language);
  });
}
