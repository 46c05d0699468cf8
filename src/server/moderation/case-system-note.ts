/**
 * A moderator's note meant for the body (issue 40, item 8): posted to its case system as a
 * request_update by the same queue as a reopen (its id the Idempotency-Key, sent once), with the
 * request's status in the extension's word and the note's text. Only a case system that takes
 * Kerro's updates hears it (an open311 body with `updates: "mysociety"`); for any other body the
 * note is refused, so the moderator is never left thinking it went. Nothing public changes in
 * Kerro; the audit names the note, never its text.
 */
import { extensionStatusOf } from '../../shared/georeport/extension-status';
import { takesModeratorNotes } from '../forwarding/senders';
import type { ChangeContext } from '../notify/public-change';
import type { BodyRecord, BodyRepository, ChangePlan } from '../storage/repositories/types';
import { conflict } from './errors';
import { bodyTellingOfRequest } from './resident-update-plans';

export const caseSystemNotePlan =
  (context: ChangeContext, text: string, bodyOf: (id: string) => BodyRecord | undefined): ChangePlan =>
  (current) => {
    const body = bodyTellingOfRequest(current, bodyOf, {
      kind: 'moderator_note',
      status: extensionStatusOf({ kind: 'note', detailed_status: current.detailed_status, duplicate_of: current.duplicate_of }),
      description: text,
      media_url: null,
    });
    if (!body.caseSystemUpdate) {
      throw conflict(
        `the body of service request ${current.service_request_id} takes no notes from Kerro: only an open311 body with "updates": "mysociety" in the bodies file hears them; write to its people another way`,
      );
    }
    return {
      set: {},
      audit: { at: context.now, moderator: context.moderator, action: 'case_system_note', details: { body_told: body.told } },
      caseSystemUpdate: body.caseSystemUpdate,
    };
  };

/** Which of these bodies hear a moderator's note (the console's `forward.takes_notes`): one read per body. */
export async function bodiesTakingNotes(bodies: Pick<BodyRepository, 'find'>, bodyIds: Iterable<string | null>): Promise<Set<string>> {
  const distinct = [...new Set(bodyIds)].filter((id): id is string => id !== null);
  const found = await Promise.all(distinct.map((id) => bodies.find(id)));
  return new Set(found.filter((body): body is BodyRecord => body !== undefined && takesModeratorNotes(body)).map((body) => body.id));
}
