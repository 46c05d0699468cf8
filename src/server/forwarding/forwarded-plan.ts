import { isPublicWorksStatus } from '../../shared/georeport/detailed-status';
import type { ChangePlan, NewOutboxMessage } from '../storage/repositories/types';

/** Who the audit log names for what the forward sender and the poller do. */
export const caseSystemActor = 'case system';

export interface ForwardedContext {
  now: number;
  bodyId: string;
  method: string;
}

/**
 * The case system took the report: the forward job ends (`forwarded`, with its id there; null
 * for a method that gives none), PUBLIC_WORKS_NEW is appended to the detailed status, and the
 * public history gains a `forwarded` entry, all in one transaction. A request that already carries a public works value
 * (a moderator typed one) keeps it: a forwarding never moves the case system's word backwards.
 * Residents are not emailed of it (changes.ts's toldKind): what they hear of is the case
 * system's own status, which the poller brings back. The sender's message, if it has one (an email
 * body's department's), goes in the same transaction, so it is queued exactly when the job ends.
 */
export const forwardedPlan =
  (context: ForwardedContext, remoteId: string | null, notification?: NewOutboxMessage): ChangePlan =>
  (current) => {
    const detailedStatus = current.detailed_status.some(isPublicWorksStatus)
      ? current.detailed_status
      : [...current.detailed_status, 'PUBLIC_WORKS_NEW'];
    return {
      set: { detailed_status: detailedStatus, updated_at: context.now },
      audit: {
        at: context.now,
        moderator: caseSystemActor,
        action: 'forwarded',
        details: { body: context.bodyId, method: context.method, ...(remoteId === null ? {} : { remote_id: remoteId }) },
      },
      history: [{ at: context.now, kind: 'forwarded', detailed_status: detailedStatus, note: '' }],
      forwarded: { remote_id: remoteId },
      ...(notification ? { notification } : {}),
    };
  };
