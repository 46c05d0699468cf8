/**
 * The moderation API under /moderation/api: JSON in and out, a session cookie for the moderator
 * console, errors as {"error": {"code", "message"}} (see ../errors.ts). Answers hold personal
 * data, so nothing is cached.
 */
import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import type { ModerationRepository } from '../../storage/repositories/types';
import { requireSession } from '../auth';
import { moderationErrorHandler, ModerationApiError, sendError } from '../errors';
import { auditRoutes } from './audit';
import { dashboardRoutes } from './dashboard';
import { exportRoutes } from './exports';
import { colleagueRoutes } from './colleagues';
import { callerReportRoutes, type RecordCallerReport } from './caller-reports';
import { requestRoutes } from './requests';
import { residentUpdateRoutes } from './resident-updates';
import { responseRoutes } from './responses';
import { sessionRoutes } from './session';
import { validateRoutes } from '../../http/route-validation';
import { refuseModerationInput } from '../input';

/** `recordCallerReport`: the GeoReport service's creation of a caller's report (app.ts connects it; this API does not reach into the service). */
export const moderationRoutes: FastifyPluginAsync<{ context: AppContext; recordCallerReport: RecordCallerReport }> = async (app, { context, recordCallerReport }) => {
  validateRoutes(app, refuseModerationInput);
  const repository: ModerationRepository = context.repositories.moderation;
  await app.register(cookie);
  // JSON only: a cross-site HTML form cannot send it, and text/plain is refused with 415.
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    // An empty body with a JSON type (publish, reject without a reason) reads as no body.
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
  app.setErrorHandler(moderationErrorHandler);
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new ModerationApiError(404, 'not_found', `no such endpoint: ${request.method} ${request.url.split('?')[0]}`)),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  await app.register(sessionRoutes, { context, repository });
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', requireSession(repository, context.config, context.now));
    await signedIn.register(requestRoutes, { context, repository });
    await signedIn.register(auditRoutes, { context, repository });
    await signedIn.register(residentUpdateRoutes, { context });
    await signedIn.register(dashboardRoutes, { context });
    await signedIn.register(exportRoutes, { context });
    await signedIn.register(responseRoutes, { context });
    await signedIn.register(callerReportRoutes, { context, recordCallerReport });
    await signedIn.register(colleagueRoutes, { context });
  });
};
