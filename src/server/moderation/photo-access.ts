import { fastifyCookie } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { ModerationRepository } from '../storage/repositories/types';
import { inScope } from './scope';
import { sessionCookieName, sessionIdOf } from './session-tokens';

/**
 * Whether the request comes from a signed-in moderator of the body a photo's request belongs to:
 * they see its photos before the public does (the review page) and after a rejection (its audit).
 * The session cookie is SameSite=Strict and its path `/`, so the console's own <img> sends it;
 * read from the header here, as the media routes are outside the console's cookie-parsing scope.
 */
export function moderatorPhotoAccess(repository: ModerationRepository, now: () => number) {
  return async (request: FastifyRequest, bodyId: string | null): Promise<boolean> => {
    const header = request.headers.cookie;
    const token = header ? fastifyCookie.parse(header)[sessionCookieName] : undefined;
    // A real token is 43 characters (session-tokens.ts); a long one is no session and costs no hash.
    if (!token || token.length > 100) return false;
    const session = await repository.findActiveSession(sessionIdOf(token), now());
    if (!session) return false;
    return inScope(session.moderator_bodies.length === 0 ? undefined : session.moderator_bodies, bodyId);
  };
}
