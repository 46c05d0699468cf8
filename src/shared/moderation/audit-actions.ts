/**
 * Every action the server writes to the audit log (issue 41, item 10). The server's writers are
 * typed by this list, the moderation API's `?action=` filter accepts it, and the console words
 * each one as a sentence (a client test fails for an action here without its sentence). Details
 * name what changed, never texts or personal data:
 * - `sign_in`, `sign_out`: {}
 * - `publish`: {notified?}; `reject`: {from, reason (shared/moderation/reject-reasons.ts; older
 *   entries: reason_given), note_given?, notified?}
 * - `edit`: {fields: ('title' | 'description')[]}; `remove_media`: {media: position | 'external'}
 * - `status`: {from: detailed status[], to, status_notes_changed, notified?}
 * - `duplicate`: {original, from, subscribers_moved}; `merge_duplicate`: {duplicate, subscribers_moved}
 * - `move`: {from: {lat, long}, to, body?: {from, to}}; `service_type`: {from: code, to, body?}
 * - `publish_update`: {update, from?, to?, notified, body_told}; `reject_update`: {update}
 * - `case_system_note`: {body_told}: a moderator's note for the body's case system (its text is not kept here)
 * - `abuse_reported` (by a resident): {report, email_given}; `abuse_resolved`: {resolution: keep | hide, reports}
 * - `forward_retry`: {}; `forwarded` (the case system): {body, method, remote_id?}
 * - `case_system_update`: {body, remote_id, update_id?, from, to, status_notes_changed, notified?}
 * - `questionnaire_fixed`, `questionnaire_not_fixed` ({reopened: false}), `reopen_by_reporter`
 *   ({from, body_told, notified}): the reporter's answers
 * - `assign`, `unassign`: {from: moderator | null, to: moderator | null} (issue 41, item 5)
 * - `internal_note`: {note: id}: a note only the body's moderators read (its text is not kept here)
 * - `response_create`, `response_delete`: {response: id, body}; `response_edit`: {response, body,
 *   fields: names of the fields changed}: a saved response (issue 41, item 4), never its texts
 * - `recorded_by_staff`: {email_given, phone_given, name_given}: a moderator recorded a caller's report (the caller's data is not kept here)
 */
export const auditActions = [
  'sign_in',
  'sign_out',
  'publish',
  'reject',
  'edit',
  'remove_media',
  'status',
  'duplicate',
  'merge_duplicate',
  'move',
  'service_type',
  'publish_update',
  'reject_update',
  'abuse_reported',
  'abuse_resolved',
  'forward_retry',
  'forwarded',
  'case_system_update',
  'case_system_note',
  'questionnaire_fixed',
  'questionnaire_not_fixed',
  'reopen_by_reporter',
  'assign',
  'unassign',
  'internal_note',
  'response_create',
  'response_edit',
  'response_delete',
  'recorded_by_staff',
] as const;
export type AuditAction = (typeof auditActions)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (auditActions as readonly string[]).includes(value);
}

/** A day of the audit filter's range (`from`, `to`), in the installation's time zone. */
export const auditDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
