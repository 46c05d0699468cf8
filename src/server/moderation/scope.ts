/**
 * Which requests a signed-in moderator sees and acts on: those of their bodies. A moderator with
 * no bodies is an administrator and sees all. A request with no body (made before bodies were
 * configured, or on an installation without them) is an administrator's alone: no body claims it,
 * so no body's moderator may act on it.
 */
import type { FastifyRequest } from 'fastify';
import type { ChangePlan } from '../storage/repositories/types';
import { sessionOf } from './auth';
import type { AuditEntry } from '../storage/repositories/moderation';
import { ModerationApiError, notFound } from './errors';

/** The moderator's bodies as a listing filter; undefined for an administrator (no filter). */
export function bodyScopeOf(request: FastifyRequest): string[] | undefined {
  const bodies = sessionOf(request).moderator_bodies;
  return bodies.length === 0 ? undefined : bodies;
}

export function inScope(scope: readonly string[] | undefined, bodyId: string | null): boolean {
  return scope === undefined || (bodyId !== null && scope.includes(bodyId));
}

/** The answer for a request outside the scope: the same as for one that does not exist. */
export const requestNotFound = (id: string) => notFound(`service request ${id} not found`);

/**
 * The answer for a request a change moved out of the moderator's bodies: where it went, not
 * "not found" (they or a colleague just moved it). Any other request outside the scope stays absent.
 */
export const requestMovedAway = (id: string, bodyName: string) =>
  new ModerationApiError(404, 'moved', `service request ${id} was moved to ${bodyName}, whose moderators handle it now`, { movedTo: bodyName });

/** The body a request last left by a move or a change of type, if the audit says one. */
export function lastBodyMove(audit: readonly AuditEntry[]): { from: string | null; to: string | null } | undefined {
  for (const entry of audit) {
    const body = entry.details.body as { from?: unknown; to?: unknown } | undefined;
    if (body && typeof body === 'object') return { from: typeof body.from === 'string' ? body.from : null, to: typeof body.to === 'string' ? body.to : null };
  }
  return undefined;
}

/**
 * The plan, run only on a request in scope, decided inside the change's transaction (so a request
 * cannot move out of scope between the check and the change). A related request outside the
 * scope reaches the plan as absent, so it is refused as one that does not exist.
 */
export function scopedPlan(scope: readonly string[] | undefined, plan: ChangePlan): ChangePlan {
  return (current, related) => {
    if (!inScope(scope, current.body_id)) throw requestNotFound(current.service_request_id);
    return plan(current, related && inScope(scope, related.body_id) ? related : undefined);
  };
}
