/**
 * A moderator's decision on a resident's update, as plans the unit of work runs with the
 * request's change (like changes.ts). Publishing adds the `resident_update` history entry and
 * emails the request's subscribers (not the poster's own address: they have their receipt); the
 * reporter's "fixed" closes an open request, "still there" reopens a closed one, each with its
 * status entry. Its body hears of it by its send method's sender (`updated`): a mySociety-updates
 * case system gets it as a request_update (the request's status after it in the extension's word,
 * the public text, its photo's public link; never the poster's name or address), queued with the
 * change; the audit says how (`body_told`). Rejecting changes nothing public.
 */
import { statusOfDetailedStatus } from '../../shared/georeport/detailed-status';
import { extensionStatusOf } from '../../shared/georeport/extension-status';
import { bodyTellingOf } from '../forwarding/senders';
import { mediaUrl } from '../media/routes';
import { historyOf, type ChangeContext } from '../notify/public-change';
import { residentUpdateMessage } from '../notify/resident-update-messages';
import type { BodyRecord, ChangePlan, ModerationSnapshot, PublicResidentUpdate, RequestFieldChanges, ResidentUpdateRecord } from '../storage/repositories/types';
import { conflict } from './errors';

/** The status the reporter's word leaves the request in, when it changes it. */
function statusChange(current: ModerationSnapshot, state: ResidentUpdateRecord['state']): RequestFieldChanges {
  const status = statusOfDetailedStatus(current.detailed_status);
  if (state === 'fixed' && status === 'open') return { detailed_status: ['PROCESSED'] };
  if (state === 'still_there' && status === 'closed') return { detailed_status: ['IN_PROCESS'] };
  return {};
}

/** `bodyOf`: the bodies as read before the change, so the request's body is the one it has inside the transaction. */
export const publishUpdatePlan =
  (context: ChangeContext, update: ResidentUpdateRecord, bodyOf: (id: string) => BodyRecord | undefined): ChangePlan =>
  (current) => {
    if (current.moderation !== 'published') throw conflict(`its report ${current.service_request_id} is no longer published; reject the update instead`);
    const set = statusChange(current, update.state);
    const after: ModerationSnapshot = { ...current, ...set };
    const body = bodyTellingOfRequest(current, bodyOf, {
      kind: 'resident_update',
      status: extensionStatusOf({ kind: 'resident_update', detailed_status: after.detailed_status, duplicate_of: after.duplicate_of }),
      description: update.text,
      media_url: update.media_file ? mediaUrl(context.mail.links.baseUrl, update.media_file) : null,
    });
    const shown: PublicResidentUpdate = {
      id: update.id,
      text: update.text,
      media_file: update.media_file,
      shown_name: update.show_name ? update.name : null,
      state: update.state,
    };
    return {
      set: { ...set, updated_at: context.now },
      audit: {
        at: context.now,
        moderator: context.moderator,
        action: 'publish_update',
        // Which update and what it did, never its text or its poster.
        details: { update: update.id, ...(set.detailed_status ? { from: current.detailed_status, to: set.detailed_status } : {}), notified: true, body_told: body.told },
      },
      history: [
        { at: context.now, kind: 'resident_update', detailed_status: after.detailed_status, note: '', resident_update_id: update.id },
        ...historyOf(current, after, context.now),
      ],
      notify: residentUpdateMessage(after, shown, context.mail),
      ...(update.email ? { notifyExcept: update.email.toLowerCase() } : {}),
      residentUpdate: { id: update.id, moderation: 'published', at: context.now, by: context.moderator },
      ...(body.caseSystemUpdate ? { caseSystemUpdate: body.caseSystemUpdate } : {}),
    };
  };

/** How the request's body (as it is inside the transaction) hears of an update. */
export const bodyTellingOfRequest = (current: ModerationSnapshot, bodyOf: (id: string) => BodyRecord | undefined, update: Parameters<typeof bodyTellingOf>[1]) =>
  bodyTellingOf(current.body_id === null ? undefined : bodyOf(current.body_id), update);

export const rejectUpdatePlan =
  (context: ChangeContext, update: ResidentUpdateRecord): ChangePlan =>
  () => ({
    set: {},
    audit: { at: context.now, moderator: context.moderator, action: 'reject_update', details: { update: update.id } },
    residentUpdate: { id: update.id, moderation: 'rejected', at: context.now, by: context.moderator },
  });
