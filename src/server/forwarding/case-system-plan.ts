/**
 * A case system's update, as a plan the unit of work runs in its transaction: Kerro's status,
 * detailed status and notes after it (status-mapping.ts), with the same dated public history
 * event and subscriber email a moderator's change gets (notify/public-change.ts), and the
 * update's `updated_datetime` kept (PlannedChange.remoteUpdatedAt), and a mySociety update's
 * update_id (PlannedChange.seenUpdate), so it is never applied twice. Pure.
 */
import { planChange, type ChangeContext } from '../notify/public-change';
import type { ChangePlan, RequestFieldChanges } from '../storage/repositories/types';
import { caseSystemActor } from './forwarded-plan';
import { mapCaseSystemStatus, type CaseSystemRequest } from './status-mapping';

export const caseSystemPlan =
  (context: Omit<ChangeContext, 'moderator'>, bodyId: string, remote: CaseSystemRequest, updateId?: string): ChangePlan =>
  (current) => {
    // A report Kerro's moderators rejected, or merged into another, stays as they left it.
    if (current.moderation === 'rejected' || current.duplicate_of !== null) return undefined;
    const after = mapCaseSystemStatus(remote, current);
    const sameStatus = after.detailed_status.join(',') === current.detailed_status.join(',');
    const sameNotes = after.status_notes === current.status_notes;
    // Seen again (a window's edge, an overlap): nothing to apply, nothing to tell.
    if (sameStatus && sameNotes) return undefined;
    const set: RequestFieldChanges = {};
    if (!sameStatus) set.detailed_status = after.detailed_status;
    if (!sameNotes) set.status_notes = after.status_notes;
    return planChange(
      { ...context, moderator: caseSystemActor },
      current,
      set,
      'case_system_update',
      {
        body: bodyId,
        remote_id: remote.service_request_id,
        ...(updateId !== undefined ? { update_id: updateId } : {}),
        from: current.detailed_status,
        to: after.detailed_status,
        status_notes_changed: !sameNotes,
      },
      { remoteUpdatedAt: remote.updated_at, ...(updateId !== undefined ? { seenUpdate: { body_id: bodyId, update_id: updateId } } : {}) },
    );
  };
