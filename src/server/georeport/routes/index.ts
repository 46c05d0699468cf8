/**
 * The GeoReport v2 + CitySDK service. Paths end in `.json` or `.xml`; the suffix picks the
 * serializer and every answer, errors included, comes in that format. Each resource is one route,
 * `{path}.:format`; the suffix is read once, by the hook below, and the route schemas
 * (schemas.ts) validate and type the rest.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { geoReportErrorHandler } from '../../open311/error-handler';
import { notFound } from '../../open311/errors';
import { registerGeoReportBodyParsers } from '../../open311/form-body-parsers';
import { readFormat } from '../../open311/format';
import { publicBaseUrl } from '../../open311/reply';
import { geoReportRefusal } from '../../open311/validation-errors';
import { validateRoutesButStreamedForms } from '../../http/route-validation';
import { discoveryHandler } from './discovery';
import { abuseHandler, followerCountHandler, followHandler } from './followers';
import { resolveJurisdictionHook, scopeOf } from './jurisdiction-scope';
import { requestCreateHandler } from './request-create';
import { postRequestUpdateHandler, requestUpdatesHandler } from './request-updates';
import { residentUpdateHandler } from './resident-updates';
import { requestDetailHandler, requestListHandler } from './requests-read';
import type { GeoReportContext } from '../service-context';
import { geoReportSchemas } from './schemas';
import { serviceDefinitionHandler, serviceListHandler } from './services';
import { tokenHandler } from './tokens';

type Method = 'GET' | 'POST';

/** A route path as a pattern of the URLs it names: each `:param` any one segment, even empty. */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/\./g, '\\.').replace(/:\w+/g, '[^/]*')}$`);

export const georeportRoutes: FastifyPluginAsync<{ context: GeoReportContext }> = async (plugin, { context }) => {
  const { config } = context;
  await registerGeoReportBodyParsers(plugin, config, context.uploads);
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  // The POST forms are streamed and read by their handlers (the key is checked before any photo arrives).
  validateRoutesButStreamedForms(app, geoReportRefusal);
  app.setErrorHandler(geoReportErrorHandler);

  // Each resource's path without its suffix, so a path missing the suffix is told to add one.
  const resources: { method: Method; path: RegExp }[] = [];
  /** The route of a resource: its path with the format suffix. */
  const resource = (method: Method, path: string) => {
    resources.push({ method, path: pathPattern(`${app.prefix}${path}`) });
    return `${path}.:format`;
  };

  const unknownResource = async (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    if (resources.some((known) => known.method === request.method && known.path.test(path))) throw notFound(readFormat('').problem!);
    throw notFound(`no such resource: ${request.method} ${path}; see discovery.json`);
  };
  app.setNotFoundHandler(unknownResource);
  // A catch-all here outranks the web app's static wildcard, so unknown API paths answer in API format.
  app.all('/*', { schema: { hide: true } }, unknownResource);

  // The one place the suffix is read: `.JSON` is `.json`; `discovery.a.b` names no resource.
  app.addHook('preValidation', async (request) => {
    const { params } = request;
    if (typeof params !== 'object' || params === null || !('format' in params) || typeof params.format !== 'string') return;
    if (params.format.includes('.')) return unknownResource(request);
    const { format, problem } = readFormat(params.format);
    if (!format) throw notFound(problem!);
    request.params = { ...params, format };
  });
  // After the suffix, so an unknown jurisdiction's 404 comes in the format asked for; before the
  // schemas and the listing's cache, which both need to know whose answer is asked for.
  app.addHook('preValidation', resolveJurisdictionHook(context.jurisdictions));

  const schemas = geoReportSchemas(config.JURISDICTION_ID, context.now);
  const discovery = discoveryHandler(context);
  const serviceList = serviceListHandler(context);
  const serviceDefinition = serviceDefinitionHandler(context);
  const requestList = requestListHandler(context);
  const requestDetail = requestDetailHandler(context);
  const requestCreate = requestCreateHandler(context);
  const followerCount = followerCountHandler(context);
  const follow = followHandler(context);
  const residentUpdate = residentUpdateHandler(context);
  const abuse = abuseHandler(context);
  const requestUpdates = requestUpdatesHandler(context);
  const postRequestUpdate = postRequestUpdateHandler(context);
  const token = tokenHandler(context);

  app.get(resource('GET', '/discovery'), { schema: schemas.discovery }, (request, reply) =>
    discovery(reply, { ...request.params, ...request.query, baseUrl: publicBaseUrl(request, config), scope: scopeOf(request) }),
  );
  app.get(resource('GET', '/services'), { schema: schemas.services }, (request, reply) =>
    serviceList(reply, { format: request.params.format, ...request.query, scope: scopeOf(request) }),
  );
  app.get(
    resource('GET', '/requests'),
    {
      schema: schemas.requestList,
      // After the suffix hook above (a plugin's hooks run before a route's).
      preValidation: (request, reply) => requestList.answerFromCache(request, reply, request.params.format),
    },
    (request, reply) => requestList.handle(request, reply, request.params.format, request.query),
  );
  app.post(resource('POST', '/requests'), { schema: schemas.requestCreate }, (request, reply) => requestCreate(request, reply, request.params.format));
  app.get(resource('GET', '/services/:service_code'), { schema: schemas.serviceDefinition }, (request, reply) =>
    serviceDefinition(reply, { ...request.params, ...request.query, scope: scopeOf(request) }),
  );
  app.get(resource('GET', '/requests/:service_request_id'), { schema: schemas.requestDetail }, (request, reply) =>
    requestDetail(request, reply, { ...request.params, ...request.query, scope: scopeOf(request) }),
  );
  app.get(resource('GET', '/tokens/:token'), { schema: schemas.token }, (request, reply) => token(reply, { ...request.params, scope: scopeOf(request) }));
  // Kerro extension: following a request (see followers.ts and README, "Following a report").
  app.get(resource('GET', '/requests/:service_request_id/followers'), { schema: schemas.followerCount }, (request, reply) =>
    followerCount(reply, { ...request.params, scope: scopeOf(request) }),
  );
  app.post(resource('POST', '/requests/:service_request_id/followers'), { schema: schemas.follow }, (request, reply) =>
    follow(request, reply, request.params),
  );
  // Kerro extension: a resident's update (resident-updates.ts and README, "Residents").
  app.post(resource('POST', '/requests/:service_request_id/updates'), { schema: schemas.residentUpdate }, (request, reply) =>
    residentUpdate(request, reply, request.params),
  );
  // mySociety's servicerequestupdates extension (request-updates.ts and README, "FixMyStreet").
  app.get(resource('GET', '/servicerequestupdates'), { schema: schemas.requestUpdates }, (request, reply) =>
    requestUpdates(reply, { format: request.params.format, window: request.query.window, scope: scopeOf(request), baseUrl: publicBaseUrl(request, config) }),
  );
  app.post(resource('POST', '/servicerequestupdates'), { schema: schemas.postRequestUpdate }, (request, reply) =>
    postRequestUpdate(request, reply, request.params.format),
  );
  // Kerro extension: a resident's report of abuse (../abuse-report.ts).
  app.post(resource('POST', '/requests/:service_request_id/abuse'), { schema: schemas.abuse }, (request, reply) =>
    abuse(request, reply, request.params),
  );
};
