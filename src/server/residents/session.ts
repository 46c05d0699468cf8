/**
 * Who is signed in as a resident (issue 28, "My reports" without a password). A resident's
 * session is separate from a moderator's (its own cookie, `kerro_resident`, and its own table)
 * and grants nothing but their own reports, follows, alerts and email settings; its email
 * address was proven by a one-time link.
 *
 * Sessions last a fixed 30 days from sign-in, not sliding: a stolen cookie ends on its own, and
 * signing in again costs one email.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasSignedInMarker, residentSignedInMarker } from '../../shared/web-app/signed-in-markers';
import type { AppContext } from '../context';
import { sessionTokenOf } from '../http/request-cookie';
import { claimsSession, clearSignedInMarker, setSignedInMarker } from '../http/signed-in-marker';
import { isSecureContext } from '../moderation/auth';
import { newSessionToken, sessionIdOf } from '../moderation/session-tokens';

export interface ResidentSession {
  /** The address the one-time link was sent to, lower-cased. */
  email: string;
}

export const residentCookieName = 'kerro_resident';
export const residentSessionMs = 30 * 24 * 3_600_000;

/** The hash the session is stored under, for the request's cookie. */
export const residentSessionIdOf = (request: FastifyRequest): string | undefined => {
  const token = sessionTokenOf(request, residentCookieName);
  return token === undefined ? undefined : sessionIdOf(token);
};

/** The resident signed in on this request, if any. */
export async function residentOf(context: AppContext, request: FastifyRequest): Promise<ResidentSession | undefined> {
  const id = residentSessionIdOf(request);
  if (id === undefined) return undefined;
  const session = await context.repositories.residents.findSession(id, context.now());
  return session && { email: session.email };
}

const cookieOptions = (request: FastifyRequest, context: AppContext) => ({
  httpOnly: true,
  // Lax: the link in the email opens a signed-in page; writes are guarded by Origin and JSON-only bodies.
  sameSite: 'lax' as const,
  path: '/',
  secure: isSecureContext(request, context.config),
});

/** Starts a session for a proven address and sets its cookie. */
export async function startResidentSession(context: AppContext, request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
  const token = newSessionToken();
  const now = context.now();
  await context.repositories.residents.createSession({ id: sessionIdOf(token), email, created_at: now, expires_at: now + residentSessionMs });
  const options = { ...cookieOptions(request, context), maxAge: residentSessionMs / 1000 };
  reply.setCookie(residentCookieName, token, options);
  setSignedInMarker(reply, residentSignedInMarker, options);
}

function clearResidentCookies(request: FastifyRequest, reply: FastifyReply, context: AppContext): void {
  reply.clearCookie(residentCookieName, cookieOptions(request, context));
  clearSignedInMarker(reply, residentSignedInMarker, cookieOptions(request, context));
}

/** A request that found no live session: a browser that still thinks it is signed in forgets it, so its next page load asks nothing. */
export function forgetEndedResidentSession(context: AppContext, request: FastifyRequest, reply: FastifyReply): void {
  if (claimsSession(request, residentSignedInMarker, residentCookieName)) clearResidentCookies(request, reply, context);
}

/**
 * A page of the app asked for with a resident's cookie but no marker (signed in before the marker
 * existed): the page's answer sets the marker, for this browser session, so the app asks who is
 * signed in as it always did; when the session has ended, that question clears both.
 */
export function markResidentSessionWithoutMarker(context: AppContext, request: FastifyRequest, reply: FastifyReply): void {
  if (sessionTokenOf(request, residentCookieName) !== undefined && !hasSignedInMarker(request.headers.cookie ?? '', residentSignedInMarker)) {
    setSignedInMarker(reply, residentSignedInMarker, cookieOptions(request, context));
  }
}

/** Ends the request's session, if any, and clears its cookie either way. */
export async function endResidentSession(context: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = residentSessionIdOf(request);
  if (id !== undefined) await context.repositories.residents.deleteSession(id);
  clearResidentCookies(request, reply, context);
}
