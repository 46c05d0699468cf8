import { forwardOf } from '../forwarding/forward-decision';
import { mergedMessage } from '../notify/subscriber-messages';
import { historyOf, planChange as plan, type ChangeContext } from '../notify/public-change';
import { conflict, notFound } from './errors';
import { bodyChange, samePlace, type PlaceBodies } from './reassign';
import type { RejectReason } from '../../shared/moderation/reject-reasons';
import type { BodyRecord, ChangePlan, ModerationSnapshot, RequestFieldChanges } from '../storage/repositories/types';

/**
 * The rules of each moderation action, as plans the repository runs inside its transaction.
 * Pure: they read the current state and decide, the subscribers' email included; the repository
 * writes. What a change tells (history, email) is notify/public-change.ts's, shared with the
 * case systems' updates.
 */
export type { ChangeContext };

/** `bodyOf`: the bodies as read before the change, so the request's body is the one it has inside the transaction. */
export const publishPlan =
  (context: ChangeContext, bodyOf: (id: string) => BodyRecord | undefined): ChangePlan =>
  (current) => {
    if (current.moderation !== 'pending') {
      throw conflict(`this request is ${current.moderation}; only pending requests can be published`);
    }
    // Its body receives it now, if its method forwards (a console body's stays in the console).
    const forward = forwardOf(current.body_id === null ? undefined : bodyOf(current.body_id), 'published');
    return { ...plan(context, current, { moderation: 'published' }, 'publish', {}), ...(forward ? { forward } : {}) };
  };

/** A rejection but a duplicate's (duplicatePlan): its reason, where to report instead, the moderator's public note. */
export interface Rejection {
  reason: Exclude<RejectReason, 'duplicate'>;
  where?: string;
  note?: string | null;
}

/**
 * Rejected requests never appear in listings; by id they show REJECTED (closed), their reason in
 * words as status notes (open311/public-notices.ts) and, unless it withholds them, their text
 * and photos. The audit keeps the reason's code, never the free texts.
 */
export const rejectPlan =
  (context: ChangeContext, { reason, where, note }: Rejection): ChangePlan =>
  (current) => {
    if (current.moderation === 'rejected') throw conflict('this request is already rejected');
    return plan(
      context,
      current,
      {
        moderation: 'rejected',
        detailed_status: ['REJECTED'],
        status_notes: note?.trim() ?? '',
        reject_reason: reason,
        reject_where: reason === 'not_responsible' ? (where?.trim() ?? null) : null,
      },
      'reject',
      { from: current.moderation, reason, note_given: Boolean(note?.trim()) },
    );
  };

export const editPlan =
  (context: ChangeContext, edit: { title?: string | null; description?: string }): ChangePlan =>
  (current) => {
    const set: RequestFieldChanges = {};
    if (edit.title !== undefined && edit.title !== current.title) set.title = edit.title;
    if (edit.description !== undefined && edit.description !== current.description) set.description = edit.description;
    const fields = Object.keys(set);
    if (fields.length === 0) return undefined;
    // Which fields changed, not their texts: the audit log holds no personal or free-text data.
    return plan(context, current, set, 'edit', { fields });
  };

export const removeMediaPlan =
  (context: ChangeContext, position: number | 'external'): ChangePlan =>
  (current) => {
    if (position === 'external') {
      if (!current.external_media_url) throw notFound('this request has no external media_url');
      return plan(context, current, { external_media_url: null }, 'remove_media', { media: 'external' });
    }
    if (!current.media.some((media) => media.position === position)) {
      throw notFound(`this request has no photo at position ${position}; see its media list`);
    }
    return plan(context, current, {}, 'remove_media', { media: position }, { removeMediaPosition: position });
  };

export const statusPlan =
  (context: ChangeContext, detailedStatus: string[], statusNotes: string | undefined): ChangePlan =>
  (current) => {
    const sameStatus = detailedStatus.join(',') === current.detailed_status.join(',');
    const sameNotes = statusNotes === undefined || statusNotes === current.status_notes;
    if (sameStatus && sameNotes) return undefined;
    const set: RequestFieldChanges = { detailed_status: detailedStatus };
    if (statusNotes !== undefined) set.status_notes = statusNotes;
    return plan(context, current, set, 'status', {
      from: current.detailed_status,
      to: detailedStatus,
      status_notes_changed: !sameNotes,
    });
  };

/**
 * Marks the request a duplicate of `originalId`: it leaves every listing and closes (REJECTED,
 * as the public answer then points to the original), and its reporter and followers move to the
 * original's updates, each told once (mergedMessage). Both requests' audit logs record it. The
 * original must be a published request of its own: not this one, not pending or rejected, not
 * itself a duplicate.
 */
export const duplicatePlan =
  (context: ChangeContext, originalId: string): ChangePlan =>
  (current, original) => {
    if (current.duplicate_of) throw conflict(`this request is already a duplicate of ${current.duplicate_of}`);
    if (!original) throw notFound(`service request ${originalId} not found; give the id of the original report`);
    if (original.duplicate_of) throw conflict(`${originalId} is itself a duplicate of ${original.duplicate_of}; mark this one a duplicate of that`);
    if (original.moderation === 'rejected') throw conflict(`${originalId} is rejected; a duplicate needs an original that is published`);
    // The duplicate's public answer names its original, and its reporter and followers are told the
    // original's title: a pending original's id would open its unmoderated text and exact place.
    if (original.moderation !== 'published') throw conflict(`${originalId} is not published yet; publish it first, then mark this one a duplicate of it`);
    const rejected = { moderation: 'rejected', detailed_status: ['REJECTED'], duplicate_of: originalId, reject_reason: 'duplicate', reject_where: null } as const;
    const after: ModerationSnapshot = { ...current, ...rejected, detailed_status: ['REJECTED'] };
    return {
      set: { ...rejected, detailed_status: ['REJECTED'], updated_at: context.now },
      audit: { at: context.now, moderator: context.moderator, action: 'duplicate', details: { original: originalId, from: current.moderation } },
      history: historyOf(current, after, context.now),
      mergeInto: {
        message: mergedMessage(after, original, context.mail),
        audit: { at: context.now, moderator: context.moderator, action: 'merge_duplicate', details: { duplicate: current.service_request_id } },
      },
    };
  };

/** The audit's record of a body change, when there is one. */
const bodyMove = (current: ModerationSnapshot, body: { body_id?: string | null }) =>
  body.body_id === undefined ? {} : { body: { from: current.body_id, to: body.body_id } };

/**
 * Moves the request's point (the moderator knows better where the problem is); the old and new
 * points are audited. With bodies, `place` holds those covering the new point: the request goes to
 * the body there that handles its type, or the move is refused.
 */
export const movePlan =
  (context: ChangeContext, point: { lat: number; long: number }, place?: PlaceBodies): ChangePlan =>
  (current) => {
    if (point.lat === current.lat && point.long === current.long) return undefined;
    const body = bodyChange(current, current.service_code, place, 'lat');
    return plan(context, current, { ...point, ...body }, 'move', { from: { lat: current.lat, long: current.long }, to: point, ...bodyMove(current, body) });
  };

/**
 * Files the request under another service type (the route checks that the type exists). With
 * bodies, `place` holds those covering the request's point: the type must be one a body there
 * handles, and the request goes to that body.
 */
export const serviceTypePlan =
  (context: ChangeContext, serviceCode: string, place?: PlaceBodies): ChangePlan =>
  (current) => {
    if (serviceCode === current.service_code) return undefined;
    samePlace(current, place);
    const body = bodyChange(current, serviceCode, place, 'service_code');
    return plan(context, current, { service_code: serviceCode, ...body }, 'service_type', {
      from: current.service_code,
      to: serviceCode,
      ...bodyMove(current, body),
    });
  };
