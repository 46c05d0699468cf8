/**
 * The readable "signed in here" marker beside a session cookie (shared/web-app/signed-in-markers.ts):
 * the session cookie's path, SameSite, Secure and lifetime, but not HttpOnly, and the value "1".
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasSignedInMarker } from '../../shared/web-app/signed-in-markers';

export function setSignedInMarker(reply: FastifyReply, name: string, sessionCookie: CookieSerializeOptions): void {
  reply.setCookie(name, '1', { ...sessionCookie, httpOnly: false });
}

export function clearSignedInMarker(reply: FastifyReply, name: string, sessionCookie: CookieSerializeOptions): void {
  const { maxAge: _maxAge, expires: _expires, ...rest } = sessionCookie;
  reply.clearCookie(name, { ...rest, httpOnly: false });
}

/** Whether the request carries the marker (or the session cookie `sessionCookieName`): a browser that thinks it is signed in. */
export function claimsSession(request: FastifyRequest, marker: string, sessionCookieName: string): boolean {
  const header = request.headers.cookie ?? '';
  return hasSignedInMarker(header, marker) || header.split(';').some((pair) => pair.trim().startsWith(`${sessionCookieName}=`));
}
