/** Signing moderators in and out: the session cookie and its CSRF token. */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { formatW3cDateTime } from '../../time/w3c';
import { checkOrigin, checkWriteAllowed, clearSessionCookie, findSession, forgetEndedSession, setSessionCookie } from '../auth';
import { ModerationApiError, unauthenticated } from '../errors';
import { loginAddressKey } from '../login-address';
import { createLoginLimiter } from '../login-limiter';
import { normalizeModeratorName } from '../moderator-names';
import { dummyPasswordHash, verifyPassword } from '../passwords';
import type { ModerationRepository, SessionRecord } from '../../storage/repositories/types';
import { newCsrfToken, newSessionToken, sessionIdOf } from '../session-tokens';
import { moderationSchemas } from './schemas';

/** POST /session signs in, GET /session says who is signed in, DELETE /session signs out. */
export const sessionRoutes: FastifyPluginAsync<{ context: AppContext; repository: ModerationRepository }> = async (
  plugin,
  { context, repository },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { config } = context;
  const limiter = createLoginLimiter(context.repositories.loginThrottle, {
    maxFailures: config.LOGIN_MAX_FAILURES,
    windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
  });
  /** The moderator's bodies with their names; a body removed since is named by its id. */
  const bodiesOf = (ids: readonly string[]) =>
    Promise.all(
      ids.map(async (id) => {
        const body = await context.repositories.bodies.find(id);
        return { id, names: body?.names ?? { fi: id, sv: id, en: id } };
      }),
    );
  const describe = async (session: Pick<SessionRecord, 'moderator_name' | 'moderator_bodies' | 'csrf_token' | 'expires_at'>) => ({
    name: session.moderator_name,
    csrfToken: session.csrf_token,
    expiresAt: formatW3cDateTime(session.expires_at, config.TZ_NAME),
    bodies: await bodiesOf(session.moderator_bodies),
  });

  // Warm the dummy hash, so the first login for an unknown name is not the slow one.
  void dummyPasswordHash();

  app.post(
    '/session',
    {
      schema: moderationSchemas.signIn,
      // Signing in has no CSRF token yet; Origin, SameSite and the JSON-only body guard it instead.
      // Checked before the body's schema, as another site's request learns nothing of the input's rules.
      preValidation: async (request) => checkOrigin(request, config),
    },
    async (request, reply) => {
      const { body } = request;
      const name = normalizeModeratorName(body.name);
      const address = loginAddressKey(request.ip);
      const now = context.now();
      // Reserved before any scrypt work: a flood of parallel guesses gets at most the limit verified.
      const attempt = await limiter.reserve(address, name, now);

      const moderator = await repository.findModerator(name);
      const usable = moderator !== undefined && moderator.disabled_at === null;
      // Unknown and disabled names cost a full verification too, so timing tells nothing.
      const matches = await verifyPassword(body.password, usable ? moderator.password_hash : await dummyPasswordHash());
      if (!usable || !matches) {
        request.log.warn({ moderationLogin: 'failed' }, 'moderator sign-in failed');
        throw new ModerationApiError(401, 'invalid_credentials', 'the name or the password is wrong');
      }
      await limiter.succeeded(attempt, address, name, now);

      const token = newSessionToken();
      const session = {
        id: sessionIdOf(token),
        moderator_id: moderator.id,
        csrf_token: newCsrfToken(),
        created_at: now,
        expires_at: now + Math.round(config.SESSION_TTL_HOURS * 3_600_000),
      };
      await repository.createSession(session);
      await repository.recordAudit({ at: now, moderator: moderator.name, action: 'sign_in', service_request_id: null, details: {} });
      setSessionCookie(reply, request, config, token);
      return describe({ ...session, moderator_name: moderator.name, moderator_bodies: moderator.bodies });
    },
  );

  app.get('/session', { schema: moderationSchemas.session }, async (request, reply) => {
    const session = await findSession(request, repository, context.now());
    if (!session) {
      forgetEndedSession(reply, request, config);
      throw unauthenticated();
    }
    return describe(session);
  });

  // Idempotent: without a live session there is nothing to end, and the cookie is cleared anyway.
  plugin.delete('/session', { schema: moderationSchemas.signOut }, async (request, reply) => {
    const session = await findSession(request, repository, context.now());
    if (session) {
      checkWriteAllowed(request, session, config);
      await repository.deleteSession(session.id);
      await repository.recordAudit({ at: context.now(), moderator: session.moderator_name, action: 'sign_out', service_request_id: null, details: {} });
    }
    clearSessionCookie(reply, request, config);
    return reply.code(204).send();
  });
};
