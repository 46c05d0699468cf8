import type { FastifyRequest } from 'fastify';
import type { ModerationRepository } from '../storage/repositories/types';
import { findSession } from './auth';
import { inScope } from './scope';

/**
 * Whether the request comes from a signed-in moderator of the body a photo's request belongs to:
 * they see its photos after a rejection (its review and audit) and an update's before it is
 * published. The session cookie is SameSite=Strict and its path `/`, so the console's own <img>
 * sends it.
 */
export function moderatorPhotoAccess(repository: ModerationRepository, now: () => number) {
  return async (request: FastifyRequest, bodyId: string | null): Promise<boolean> => {
    const session = await findSession(request, repository, now());
    return session !== undefined && inScope(session.moderator_bodies.length === 0 ? undefined : session.moderator_bodies, bodyId);
  };
}
