/**
 * A case system's update, as a plan the unit of work runs in its transaction: Kerro's status,
 * detailed status and notes after it (status-mapping.ts), with the same dated public history
 * event and subscriber email a moderator's change gets (notify/public-change.ts), and the
 * update's `updated_datetime` kept (PlannedChange.remoteUpdatedAt), and a mySociety update's
 * update_id (PlannedChange.seenUpdate), so it is never applied twice. A status change that
 * comes without a note of its own takes the text of the body's saved response tied to the new
 * status (and the report's type, or any type), in the report's language (issue 41, item 4). Pure.
 */
import { templatesFor, templateText } from '../../shared/moderation/response-templates';
import { planChange, type ChangeContext } from '../notify/public-change';
import type { ChangePlan, ModerationSnapshot, RequestFieldChanges, ResponseTemplateRecord } from '../storage/repositories/types';
import { caseSystemActor } from './forwarded-plan';
import { mapCaseSystemStatus, type CaseSystemRequest } from './status-mapping';

export const caseSystemPlan =
  (
    context: Omit<ChangeContext, 'moderator'>,
    bodyId: string,
    remote: CaseSystemRequest,
    updateId?: string,
    templates: readonly ResponseTemplateRecord[] = [],
  ): ChangePlan =>
  (current) => {
    // A report Kerro's moderators rejected, or merged into another, stays as they left it.
    if (current.moderation === 'rejected' || current.duplicate_of !== null) return undefined;
    const mapped = mapCaseSystemStatus(remote, current);
    const sameStatus = mapped.detailed_status.join(',') === current.detailed_status.join(',');
    const templateNote = sameStatus || hasOwnNote(remote) ? undefined : savedResponseNote(templates, current, mapped.detailed_status);
    const after = templateNote === undefined ? mapped : { ...mapped, status_notes: templateNote };
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

const hasOwnNote = (remote: CaseSystemRequest) => typeof remote.status_notes === 'string' && remote.status_notes.trim() !== '';

/** The body's saved response for the report's new status, in its language; undefined when it has none. */
function savedResponseNote(templates: readonly ResponseTemplateRecord[], current: ModerationSnapshot, detailedStatus: readonly string[]): string | undefined {
  const [template] = templatesFor(templates, { bodyId: current.body_id, serviceCode: current.service_code, detailedStatus }, { anyStatus: false });
  return template && templateText(template, current.locale);
}
