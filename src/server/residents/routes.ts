/**
 * The residents' API under /residents/api (issue 28, "My reports" without a password): JSON in
 * and out, errors as the moderation API writes them (`{"error": {"code", "message"}}`), nothing
 * cached. Writes are JSON only (a cross-site form cannot send JSON) and refused when a browser
 * says they come from another site; the cookie is SameSite=Lax besides.
 */
import cookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ResidentSessionAnswer } from '../../shared/residents/wire';
import type { AppContext } from '../context';
import { fromAnotherSite } from '../moderation/auth';
import { invalidInput, moderationErrorHandler, ModerationApiError } from '../moderation/errors';
import { residentMe } from './me';
import { endResidentSession, forgetEndedResidentSession, residentOf, startResidentSession, type ResidentSession } from './session';
import { askForSignInLink, useSignInLink } from './sign-in';
import { alertsRoutes } from './alerts-routes';
import { residentSchemas } from './schemas';
import { validateRoutes } from '../http/route-validation';

const unauthenticated = () => new ModerationApiError(401, 'unauthenticated', 'sign in first: POST /residents/api/sign-in with your email address, then open the link it sends');

export const residentRoutes: FastifyPluginAsync<{ context: AppContext }> = async (plugin, { context }) => {
  // Each route's params, query and body come parsed by its schema (schemas.ts), refused as the
  // moderation API refuses input (every field with the code `invalid`).
  validateRoutes(plugin, (error) => invalidInput(error, '', () => undefined));
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { config } = context;
  await app.register(cookie);
  app.removeAllContentTypeParsers();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
  app.setErrorHandler(moderationErrorHandler);
  // No not-found handler here: Fastify takes one per prefix, and the alerts' routes (alerts-routes.ts)
  // share /residents/api; an unknown path there gets the web app's API 404 (client-routes.ts).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && fromAnotherSite(request, config)) {
      throw new ModerationApiError(403, 'origin_not_allowed', 'this request came from another site; sign in on this site');
    }
  });

  // Who is signed in is asked before the input is validated: without a session the answer is 401, whatever was sent.
  const residents = new WeakMap<FastifyRequest, ResidentSession>();
  const requireResident = async (request: FastifyRequest, reply: FastifyReply) => {
    const resident = await residentOf(context, request);
    if (!resident) {
      forgetEndedResidentSession(context, request, reply);
      throw unauthenticated();
    }
    residents.set(request, resident);
  };
  const signedIn = (request: FastifyRequest): ResidentSession => residents.get(request)!;

  // The same 202 for every address, known or not: the answer must not tell whose address it is.
  app.post('/sign-in', { schema: residentSchemas.signIn }, async (request, reply) => {
    const { body } = request;
    await askForSignInLink(context, { email: body.email, locale: body.locale, next: body.next, clientIp: request.ip });
    return reply.code(202).send({ message: 'if the address is right, a sign-in link is on its way; it works once, for 15 minutes' });
  });

  // POST only: mail scanners open links (GET) before the resident does, and must not use them up.
  app.post('/sign-in/confirm', { schema: residentSchemas.confirm }, async (request, reply) => {
    const { token } = request.body;
    const email = await useSignInLink(context, token);
    if (email === undefined) {
      throw new ModerationApiError(400, 'sign_in_link_invalid', 'this sign-in link has been used or has expired; ask for a new one');
    }
    await startResidentSession(context, request, reply, email);
    return { email };
  });

  plugin.post('/sign-out', { schema: residentSchemas.signOut }, async (request, reply) => {
    await endResidentSession(context, request, reply);
    return reply.code(204).send();
  });

  // 200 either way, so a page asking whether anyone is signed in logs no error for everyone else.
  app.get('/session', { schema: residentSchemas.session }, async (request, reply): Promise<ResidentSessionAnswer> => {
    const resident = await residentOf(context, request);
    if (!resident) {
      forgetEndedResidentSession(context, request, reply);
      return { signedIn: false };
    }
    const me = await residentMe(context, resident.email, undefined);
    return { signedIn: true, email: me.email, firstName: me.firstName, lastName: me.lastName };
  });

  app.get('/me', { schema: residentSchemas.me, preValidation: requireResident }, async (request) => {
    const { email } = signedIn(request);
    const { locale } = request.query;
    return residentMe(context, email, locale);
  });

  // Email alerts (alerts-routes.ts): under this plugin's parsers, Origin check and error format.
  await app.register(alertsRoutes, { context });

  app.put('/me/settings', { schema: residentSchemas.settings, preValidation: requireResident }, async (request) => {
    const { email } = signedIn(request);
    const settings = request.body;
    const { locale } = request.query;
    const now = context.now();
    if (settings.reportUpdates !== undefined) await context.repositories.residents.setReportUpdates(email, settings.reportUpdates, now);
    for (const id of settings.unfollow ?? []) await context.repositories.residents.unfollow(email, id, now);
    // Only the address's own alerts: remove() checks the email.
    for (const id of settings.removeAlerts ?? []) await context.repositories.alerts.remove(id, email);
    return residentMe(context, email, locale);
  });
};
