/**
 * The GeoReport v2 + CitySDK service. Paths end in `.json` or `.xml`; the suffix picks the
 * serializer and every answer, errors included, comes in that format.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { geoReportErrorHandler } from '../../open311/error-handler';
import { notFound } from '../../open311/errors';
import { registerGeoReportBodyParsers } from '../../open311/form-body-parsers';
import { splitFormat } from '../../open311/format';
import { discoveryHandler } from './discovery';
import { followerCountHandler, followHandler } from './followers';
import type { FormatHandler } from './handler';
import { requestCreateHandler } from './request-create';
import { requestDetailHandler, requestListHandler } from './requests-read';
import { geoReportSchemas } from './schemas';
import { serviceDefinitionHandler, serviceListHandler } from './services';

export const georeportRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  const { config } = context;
  await registerGeoReportBodyParsers(app, config, context.uploads);
  app.setErrorHandler(geoReportErrorHandler);
  const unknownResource = async (request: FastifyRequest) => {
    throw notFound(`no such resource: ${request.method} ${request.url.split('?')[0]}; see discovery.json`);
  };
  app.setNotFoundHandler(unknownResource);
  // A catch-all here outranks the web app's static wildcard, so unknown API paths answer in API format.
  app.all('/*', { schema: { hide: true } }, unknownResource);

  const discovery = discoveryHandler(context);
  const services = serviceListHandler(context);
  const requestList = requestListHandler(context);
  const requestCreate = requestCreateHandler(context);

  /** Reads the `.json`/`.xml` suffix of the last path segment and runs the handler for it. */
  const withFormat =
    (pick: (name: string, params: Record<string, string>) => FormatHandler | undefined) =>
    async (request: FastifyRequest<{ Params: { file: string } }>, reply: FastifyReply) => {
      const { name, format, suffix } = splitFormat(request.params.file);
      const handler = pick(name, request.params as Record<string, string>);
      if (!handler) return unknownResource(request);
      if (!format) throw notFound(`format ${suffix || '(none)'} is not supported: end the path in .json or .xml`);
      return handler(request, reply, format);
    };

  // A Map, not an object: a resource named after an Object.prototype member (`toString.json`) is
  // as unknown as any other name, never the prototype's function.
  const topLevel = new Map<string, FormatHandler>([['discovery', discovery], ['services', services], ['requests', requestList]]);
  const topLevelRoute = withFormat((name) => topLevel.get(name));
  const createRoute = withFormat((name) => (name === 'requests' ? requestCreate : undefined));
  const definitionRoute = withFormat((code) => serviceDefinitionHandler(context, code));
  const detailRoute = withFormat((id) => requestDetailHandler(context, id));
  const followers = (handler: (id: string) => FormatHandler) => withFormat((name, { id }) => (name === 'followers' ? handler(id!) : undefined));
  const countRoute = followers((id) => followerCountHandler(context, id));
  const followRoute = followers((id) => followHandler(context, id));

  // Each resource by name, so the OpenAPI document names it; the `:file` routes after them answer
  // the same way and catch the names no resource has. The file name is put back together, so
  // both read the suffix in one place.
  type NamedParams = { format: string; file?: string; id?: string; service_code?: string; service_request_id?: string };
  const asFile = (name: (params: NamedParams) => string, handler: ReturnType<typeof withFormat>) => async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as NamedParams;
    params.file = `${name(params)}.${params.format}`;
    params.id = params.service_request_id;
    return handler(request as FastifyRequest<{ Params: { file: string } }>, reply);
  };
  const hidden = { schema: { hide: true } };
  app.get('/discovery.:format', { schema: geoReportSchemas.discovery }, asFile(() => 'discovery', topLevelRoute));
  app.get('/services.:format', { schema: geoReportSchemas.services }, asFile(() => 'services', topLevelRoute));
  app.get('/requests.:format', { schema: geoReportSchemas.requestList }, asFile(() => 'requests', topLevelRoute));
  app.post('/requests.:format', { schema: geoReportSchemas.requestCreate }, asFile(() => 'requests', createRoute));
  app.get('/services/:service_code.:format', { schema: geoReportSchemas.serviceDefinition }, asFile((params) => params.service_code!, definitionRoute));
  app.get('/requests/:service_request_id.:format', { schema: geoReportSchemas.requestDetail }, asFile((params) => params.service_request_id!, detailRoute));
  app.get('/:file', hidden, topLevelRoute);
  app.get('/services/:file', hidden, definitionRoute);
  app.get('/requests/:file', hidden, detailRoute);
  app.post('/:file', hidden, createRoute);
  // Kerro extension: following a request (see followers.ts and README, "Following a report").
  app.get('/requests/:service_request_id/followers.:format', { schema: geoReportSchemas.followerCount }, asFile(() => 'followers', countRoute));
  app.post('/requests/:service_request_id/followers.:format', { schema: geoReportSchemas.follow }, asFile(() => 'followers', followRoute));
  app.get('/requests/:id/:file', hidden, countRoute);
  app.post('/requests/:id/:file', hidden, followRoute);
};
