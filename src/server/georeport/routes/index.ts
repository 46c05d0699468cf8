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
  app.all('/*', unknownResource);

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
  app.get('/:file', withFormat((name) => topLevel.get(name)));
  app.get('/services/:file', withFormat((code) => serviceDefinitionHandler(context, code)));
  app.get('/requests/:file', withFormat((id) => requestDetailHandler(context, id)));
  app.post('/:file', withFormat((name) => (name === 'requests' ? requestCreate : undefined)));
  // Kerro extension: following a request (see followers.ts and README, "Following a report").
  app.get('/requests/:id/:file', withFormat((name, { id }) => (name === 'followers' ? followerCountHandler(context, id!) : undefined)));
  app.post('/requests/:id/:file', withFormat((name, { id }) => (name === 'followers' ? followHandler(context, id!) : undefined)));
};
