/**
 * The real counter service's other endpoints, under `/api`: the API root, observations, their
 * aggregate and the data sources' metadata, each a DRF view with what DRF's router gives it
 * (drf/view.ts: format suffixes, the json / browsable / csv renderers, OPTIONS metadata,
 * APPEND_SLASH redirects). CORS open, DRF's error bodies. Rendering beside it: list.ts,
 * aggregate.ts, sources.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { AppContext } from '../context';
import { requirePublicBaseUrl } from '../http/public-base-url';
import { isStoreUnavailable, storeRetryAfterSeconds } from '../storage/errors';
import { badRequest, DrfError, type DrfErrorBody } from '../drf/errors';
import { drfErrorResponse, readOnlyMethods, sendDrfResponse } from '../drf/responses';
import { registerDrfView, viewNameOf } from '../drf/view';
import { renderAggregate } from './aggregate';
import { renderObservationList } from './list';
import { observationSchemas } from './route-schemas';
import { languageOf, serializeSource } from './sources';
import { validateDrfRoutes } from '../drf/route-input';

const sendJson = (reply: FastifyReply, statusCode: number, body: unknown) =>
  sendDrfResponse(reply, statusCode, readOnlyMethods, { contentType: 'application/json', body: Buffer.from(JSON.stringify(body)), headers: {} });

/** The real views' docstrings, which DRF's metadata and browsable page give as descriptions. */
const descriptions = {
  root: 'The default basic root view for DefaultRouter',
  observations: 'Returns a paged and sorted list of observations produced by counters,\nmatching the given search criteria.',
  aggregate: 'Returns a paged and sorted list of the observational data,\naggregated over the given period and matching the search criteria.',
  sources: 'Lists the traffic data sources for which counters and observations exist.',
};

export async function observationRoutes(app: FastifyInstance, options: { context: AppContext }): Promise<void> {
  validateDrfRoutes(app);
  const { config, repositories } = options.context;
  const repository = repositories.observations;
  const timeZone = config.TZ_NAME;
  const base = (request: FastifyRequest) => `${requirePublicBaseUrl(request, config, () => badRequest('Invalid Host header.'))}${app.prefix}`;

  const sendError = (request: FastifyRequest, reply: FastifyReply, statusCode: number, body: DrfErrorBody) => {
    const title = viewNameOf(request);
    // Outside any view (an unknown path) there is no browsable page to show it on: JSON.
    if (title === undefined) return sendJson(reply, statusCode, body);
    const response = drfErrorResponse({ url: request.url, accept: request.headers.accept, title, allow: readOnlyMethods }, statusCode, body);
    return sendDrfResponse(reply, statusCode, readOnlyMethods, response);
  };
  app.setNotFoundHandler((_request, reply) => sendJson(reply, 404, { detail: 'Not found.' }));
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DrfError) return sendError(request, reply, error.statusCode, error.body);
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return sendError(request, reply, statusCode, { detail: 'Malformed request.' });
    if (isStoreUnavailable(error)) {
      reply.header('Retry-After', String(storeRetryAfterSeconds));
      return sendError(request, reply, 503, { detail: 'Service temporarily unavailable, try again later.' });
    }
    request.log.error({ err: error }, 'observations request failed');
    return sendError(request, reply, 500, { detail: 'A server error occurred.' });
  });

  const routeSchemas = observationSchemas(timeZone);
  const schemas = (get: FastifySchema) => ({ get, options: routeSchemas.options });

  // DRF's DefaultRouter root: each registered prefix with its list URL (with the suffix asked for, as its reverse() adds it).
  registerDrfView(app, {
    path: '',
    base,
    metadata: { name: 'Api Root', description: descriptions.root },
    schemas: schemas(routeSchemas.root),
    data: async ({ request, suffix }) => {
      const root = base(request);
      const list = (name: string) => (suffix === undefined ? `${root}/${name}/` : `${root}/${name}.${suffix}`);
      return {
        counters: list('counters'),
        observations: list('observations'),
        'observations/aggregate': list('observations/aggregate'),
        'metadata/sources': list('metadata/sources'),
      };
    },
  });

  registerDrfView(app, {
    path: '/observations',
    base,
    metadata: { name: 'Observation List', description: descriptions.observations },
    schemas: schemas(routeSchemas.list),
    data: ({ request, query, sent, url, suffix }) =>
      renderObservationList(query, { repository, timeZone, listUrl: url, countersUrl: `${base(request)}/counters/`, sent, ...(suffix === undefined ? {} : { suffix }) }),
  });
  registerDrfView(app, {
    path: '/observations/aggregate',
    base,
    metadata: { name: 'Observation Aggregate List', description: descriptions.aggregate },
    schemas: schemas(routeSchemas.aggregate),
    data: ({ query, sent, url }) => renderAggregate(query, { repository, timeZone, listUrl: url, sent }),
  });
  registerDrfView(app, {
    path: '/metadata/sources',
    base,
    metadata: { name: 'Datasource List', description: descriptions.sources },
    schemas: schemas(routeSchemas.sources),
    data: async ({ query }) => {
      const language = languageOf(query);
      return (await repository.listSources()).map((source) => serializeSource(source, language));
    },
  });
  registerDrfView(app, {
    path: '/metadata/sources',
    lookup: 'name',
    base,
    metadata: { name: 'Datasource Instance', description: descriptions.sources },
    schemas: schemas(routeSchemas.source),
    data: async ({ query, lookup }) => {
      const language = languageOf(query);
      const source = (await repository.listSources()).find((candidate) => candidate.name === lookup);
      if (!source) throw new DrfError(404, 'No Datasource matches the given query.');
      return serializeSource(source, language);
    },
  });
}
