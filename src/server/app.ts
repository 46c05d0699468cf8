import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import { georeportRoutes } from './georeport/routes';
import { createGeoReportContext } from './georeport/service-context';
import { recordCallerReport } from './georeport/staff-report';
import { mediaRoutes } from './media/routes';
import { moderatorPhotoAccess } from './moderation/photo-access';
import { appNotFound, clientRoutes } from './client-routes';
import { ensureProxyApiKey } from './auth/proxy-key';
import { proxyRoutes } from './proxy/routes';
import type { EmbeddedServices } from './proxy/embedded-services';
import { embeddedRequestCreate } from './georeport/routes/request-create';
import { residentUpdateAnswerer } from './georeport/routes/resident-updates';
import { counterRoutes } from './counters/routes';
import { counterListPageAnswerer, createCounterListAnswers } from './counters/list-answers';
import { paths } from '../shared/paths';
import { feedsPath } from '../shared/feeds';
import { counterSchemaRoutes } from './counters/schema-routes';
import { observationRoutes } from './observations/routes';
import { countersInfoRoute } from './proxy/counters-info';
import { geocodingRoutes } from './geocoding/routes';
import { bodiesRoutes } from './bodies/routes';
import { feedRoutes } from './feeds/routes';
import { moderationRoutes } from './moderation/routes';
import { residentRoutes } from './residents/routes';
import { createMailLinks, ensureMailLinkSecret, mailBaseUrl } from './notify/mail-links';
import { mailPageRoutes } from './notify/mail-pages';
import { answerPageRoutes } from './questionnaire/answer-pages';
import { reportNamer } from './notify/mail-page-report';
import { alertMailPageRoutes } from './residents/alerts-mail-pages';
import type { Store } from './storage';
import { closeConnectionsWhenClosing } from './api-errors/close-on-shutdown';
import { registerHealthRoutes } from './http/health-routes';
import { diskRoomNeeded } from './open311/upload-spool';
import { uploadBytesPerClient } from './open311/form-body-parsers';
import { answerFrameworkError, answerInApiFormat } from './api-errors/framework-errors';
import { answerClientError } from './api-errors/client-errors';
import { apiPathsFor, errorOutsideRoutes, recordRouteMethods, refuseMissingHost } from './api-errors/outside-routes';
import { logOneLinePerRequest, safeLoggerOptions } from './http/logging';
import { echoRequestId, requestIdFor } from './http/request-id';
import { registerSecurityHeaders } from './http/security-headers';
import { refuseUnknownHosts } from './http/allowed-hosts';
import { limitSlowClients, timeoutOptions } from './http/slow-clients';
import { createUploadBudget } from './http/upload-budget';
import { trustProxyOption } from './http/trust-proxy';
import { createDecodeBudget, decodePixelsInFlight } from './media/decode-budget';
import { createMetrics } from './http/metrics';
import { registerMetrics } from './http/metrics-route';
import { registerCompression } from './http/compression';
import { openApiDocumentPath, openApiDocumentRoute, registerOpenApi } from './http/openapi';

export interface BuildAppOptions {
  config: Config;
  store: Store;
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole Kerro server without listening: tests drive it with app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const timeouts = timeoutOptions(options.config);
  const app = Fastify({
    // Redacted JSON lines with the request id (see http/logging.ts); a sane X-Request-Id is kept.
    logger: safeLoggerOptions(options.logger ?? false),
    genReqId: requestIdFor,
    // One line per request instead of Fastify's two (logOneLinePerRequest).
    logController: new LogController({ disableRequestLogging: true }),
    // Paths the router cannot decode answer in the format of the API they were meant for.
    frameworkErrors: answerFrameworkError,
    // So do requests Node's parser refuses (431, a bad Content-Length) ...
    clientErrorHandler: answerClientError,
    // ... and those arriving while the server shuts down (api-errors/close-on-shutdown.ts answers them).
    return503OnClosing: false,
    // Uploads are bounded per file by the media limits; this caps the whole body.
    bodyLimit: 1024 * 1024,
    // Behind a load balancer, the client's address for rate limits comes from X-Forwarded-For.
    trustProxy: trustProxyOption(options.config.TRUST_PROXY),
    // Request, header and keep-alive time limits; the body-idle limit and connection cap follow.
    ...timeouts,
    // Node would refuse an HTTP/1.1 request without Host itself, with an empty 400 and none of the
    // security headers: refuseMissingHost (api-errors/outside-routes.ts) refuses it in the API's format.
    http: { ...timeouts.http, requireHostHeader: false },
  });
  // Before any route: which methods each path takes, for the 405s of paths no route took.
  const methodsOf = recordRouteMethods(app);
  // Inherited by every API without an error handler of its own (api-errors/outside-routes.ts).
  app.setErrorHandler(errorOutsideRoutes(methodsOf, appNotFound));
  limitSlowClients(app, options.config);
  echoRequestId(app);
  logOneLinePerRequest(app);
  closeConnectionsWhenClosing(app);
  registerSecurityHeaders(app, options.config);
  // After the security headers, so their refusals carry them all.
  refuseMissingHost(app);
  refuseUnknownHosts(app, options.config, answerInApiFormat);
  await registerCompression(app);
  registerHealthRoutes(app, { store: options.store, diskRoom: diskRoomNeeded(options.config) });
  const now = options.now ?? Date.now;
  const metrics = createMetrics();
  const uploads = createUploadBudget({ max: options.config.UPLOAD_BYTES_IN_FLIGHT_MAX, perClient: uploadBytesPerClient(options.config) });
  registerMetrics(app, { metrics, allow: options.config.METRICS_ALLOW, store: options.store, uploads, now });
  // Before the API routes: the OpenAPI document is collected from their schemas as they are added.
  await registerOpenApi(app);
  openApiDocumentRoute(app, openApiDocumentPath);
  const mailSecret = await ensureMailLinkSecret(options.store.settings);
  const context: AppContext = {
    config: options.config,
    repositories: options.store,
    now,
    uploads,
    decoding: createDecodeBudget(decodePixelsInFlight(options.config)),
    mailLinks: createMailLinks(mailSecret, mailBaseUrl(options.config)),
    metrics,
  };
  // The service's routes and the embedded proxy's reports share one copy of its jurisdictions.
  const geoReport = createGeoReportContext(context);
  await app.register(georeportRoutes, { prefix: '/open311/v1', context: geoReport });
  await app.register(mediaRoutes, {
    prefix: '/media',
    store: context.repositories.media,
    owners: context.repositories.photoOwners,
    mayPreview: moderatorPhotoAccess(context.repositories.moderation, now),
  });
  // One page cache for the counter list route and the embedded proxy's in-process asks.
  const counterListAnswers = createCounterListAnswers(context);
  await app.register(counterRoutes, { prefix: paths.counters, context, listAnswers: counterListAnswers });
  // The API root, observations, their aggregate and the data sources, as the real counter service has them.
  await app.register(observationRoutes, { prefix: '/api', context });
  // /schema/ (the OpenAPI document) and /swagger, where the real counter service has them.
  await app.register(counterSchemaRoutes);
  // The embedded geocoder (Pelias protocol) over the address registry and the service objects.
  await app.register(geocodingRoutes, { prefix: '/geocoding/v1', context });
  await app.register(bodiesRoutes, { prefix: paths.bodies, context });
  // The proxy's key: the configured one for another city's service, else our own, made on first start.
  const proxyApiKey = options.config.OPEN311_API_KEY ?? (await ensureProxyApiKey(context.repositories));
  // The services above, for the proxy to reach in-process when no upstream URL is configured.
  const embedded: EmbeddedServices = {
    inject: (request) => app.inject(request),
    counterListPage: counterListPageAnswerer(counterListAnswers, paths.counters),
    geocoderRoutes: geocodingRoutes,
    geoReport: { createRequest: embeddedRequestCreate(geoReport), postUpdate: residentUpdateAnswerer(context) },
  };
  await app.register(proxyRoutes, { prefix: '/proxy', context, apiKey: () => proxyApiKey, embedded });
  await app.register(countersInfoRoute, { prefix: '/proxy', context });
  await app.register(moderationRoutes, {
    prefix: '/moderation/api',
    context,
    recordCallerReport: (refuse, recorder, report, photos) => recordCallerReport(geoReport, refuse, recorder, report, photos),
  });
  await app.register(residentRoutes, { prefix: '/residents/api', context });
  // The pages links in emails open: confirm a follow, unsubscribe (one-click POST too).
  await app.register(mailPageRoutes, {
    prefix: '/mail',
    followers: context.repositories.followers,
    links: context.mailLinks,
    now: context.now,
    nameReport: reportNamer(context.repositories),
  });
  // The questionnaire's answers (issue 28): /mail/fixed, /mail/not-fixed.
  await app.register(answerPageRoutes, { prefix: '/mail', context, nameReport: reportNamer(context.repositories) });
  // Email alerts (issue 28): the pages their emails' links open (their API is in residentRoutes).
  await app.register(alertMailPageRoutes, {
    prefix: '/mail/alerts',
    alerts: context.repositories.alerts,
    bodies: context.repositories.bodies,
    addresses: context.repositories.addresses,
    links: context.mailLinks,
    now: context.now,
  });
  // Atom feeds of published reports (no key, no sign-in).
  await app.register(feedRoutes, { prefix: feedsPath, context });
  await app.register(clientRoutes, { context, ...apiPathsFor(methodsOf) });
  return app;
}
