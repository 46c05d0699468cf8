import { sessionTokenOf } from '../http/request-cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasSignedInMarker, moderatorSignedInMarker } from '../../shared/web-app/signed-in-markers';
import type { Config } from '../config';
import { claimsSession, clearSignedInMarker, setSignedInMarker } from '../http/signed-in-marker';
import { ModerationApiError, unauthenticated } from './errors';
import type { ModerationRepository, SessionRecord } from '../storage/repositories/types';
import { sameToken, sessionCookieName, sessionIdOf } from './session-tokens';

/**
 * Sessions and cross-site request forgery.
 *
 * A state-changing request needs the session cookie, the session's token in X-CSRF-Token, and,
 * when the browser sends Origin, our own origin there. The cookie is SameSite=Strict as well;
 * each of the three alone stops a forged request from another site.
 */
export const csrfHeader = 'x-csrf-token';

const sessions = new WeakMap<FastifyRequest, SessionRecord>();

/** The session of a request that passed `requireSession`. */
export function sessionOf(request: FastifyRequest): SessionRecord {
  const session = sessions.get(request);
  if (!session) throw unauthenticated();
  return session;
}

/** The origins this server answers as: PUBLIC_BASE_URL's, and the one the request was sent to. */
function ownOrigins(request: FastifyRequest, config: Config): string[] {
  const origins = [`${request.protocol}://${request.host}`.toLowerCase()];
  if (config.PUBLIC_BASE_URL) origins.push(new URL(config.PUBLIC_BASE_URL).origin.toLowerCase());
  return origins;
}

/** Whether a browser marks the request as coming from another site. Requests without Origin (curl, scripts) do not. */
export function fromAnotherSite(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && !ownOrigins(request, config).includes(origin.toLowerCase())) return true;
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** Refuses requests a browser marks as coming from another site. */
export function checkOrigin(request: FastifyRequest, config: Config): void {
  if (fromAnotherSite(request, config)) {
    throw new ModerationApiError(403, 'origin_not_allowed', 'this request came from another site; use the moderator console on this server');
  }
}

export function isSecureContext(request: FastifyRequest, config: Config): boolean {
  return request.protocol === 'https' || (config.PUBLIC_BASE_URL?.startsWith('https:') ?? false);
}

const sessionCookieOptions = (request: FastifyRequest, config: Config) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: '/',
  secure: isSecureContext(request, config),
});

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, config: Config, token: string): void {
  const options = { ...sessionCookieOptions(request, config), maxAge: Math.round(config.SESSION_TTL_HOURS * 3600) };
  reply.setCookie(sessionCookieName, token, options);
  setSignedInMarker(reply, moderatorSignedInMarker, options);
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest, config: Config): void {
  reply.clearCookie(sessionCookieName, sessionCookieOptions(request, config));
  clearSignedInMarker(reply, moderatorSignedInMarker, sessionCookieOptions(request, config));
}

/** A request that found no live session: a browser that still thinks it is signed in forgets it, so the console's next load asks nothing. */
export function forgetEndedSession(reply: FastifyReply, request: FastifyRequest, config: Config): void {
  if (claimsSession(request, moderatorSignedInMarker, sessionCookieName)) clearSessionCookie(reply, request, config);
}

/** A page of the app asked for with a moderator's cookie but no marker (signed in before it existed): as residents' `markResidentSessionWithoutMarker`. */
export function markSessionWithoutMarker(reply: FastifyReply, request: FastifyRequest, config: Config): void {
  const header = request.headers.cookie ?? '';
  if (claimsSession(request, moderatorSignedInMarker, sessionCookieName) && !hasSignedInMarker(header, moderatorSignedInMarker)) {
    setSignedInMarker(reply, moderatorSignedInMarker, sessionCookieOptions(request, config));
  }
}

/** The live session named by the request's cookie, if any (read from the header: routes outside the console ask too). */
export async function findSession(
  request: FastifyRequest,
  repository: ModerationRepository,
  now: number,
): Promise<SessionRecord | undefined> {
  const token = sessionTokenOf(request, sessionCookieName);
  return token === undefined ? undefined : repository.findActiveSession(sessionIdOf(token), now);
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Checks a request that carries a session: writes must prove they come from our console. */
export function checkWriteAllowed(request: FastifyRequest, session: SessionRecord, config: Config): void {
  if (safeMethods.has(request.method)) return;
  checkOrigin(request, config);
  const presented = request.headers[csrfHeader];
  if (typeof presented !== 'string' || !sameToken(presented, session.csrf_token)) {
    throw new ModerationApiError(
      403,
      'csrf_token_invalid',
      'send the csrfToken from POST or GET /moderation/api/session in the X-CSRF-Token header',
    );
  }
}

/** onRequest hook: a live session for every request, and the CSRF checks for writes. */
export function requireSession(repository: ModerationRepository, config: Config, now: () => number) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await findSession(request, repository, now());
    if (!session) {
      forgetEndedSession(reply, request, config);
      throw unauthenticated();
    }
    checkWriteAllowed(request, session, config);
    sessions.set(request, session);
  };
}
