import { fastifyCookie } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

/**
 * A session cookie's token, read from the Cookie header itself, so any route can ask, inside an
 * API's cookie plugin or not (a photo asks who its moderators are). A real token is 43
 * characters; a longer value is no session and costs no hash.
 */
export function sessionTokenOf(request: FastifyRequest, cookieName: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const token = fastifyCookie.parse(header)[cookieName];
  return token && token.length <= 100 ? token : undefined;
}
