import { statusOfDetailedStatus } from '../../shared/georeport/detailed-status';
import type { NewOutboxMessage } from '../storage/repositories/types';
import { conflict, notFound } from './errors';
import type { ChangePlan, ModerationSnapshot, PlannedChange, RequestFieldChanges } from '../storage/repositories/types';

/**
 * The rules of each moderation action, as plans the repository runs inside its transaction.
 * Pure: they read the current state and decide; the repository writes.
 */
export interface ChangeContext {
  moderator: string;
  now: number;
  /** The email telling the requester their request was closed as `closedAs`. */
  closingMessage: (current: ModerationSnapshot, closedAs: string, statusNotes: string) => NewOutboxMessage;
}

function plan(
  context: ChangeContext,
  current: ModerationSnapshot,
  set: RequestFieldChanges,
  action: string,
  details: Record<string, unknown>,
  extra: Pick<PlannedChange, 'removeMediaPosition'> = {},
): PlannedChange {
  const detailed = set.detailed_status ?? current.detailed_status;
  // Notify on the move from open to closed only, and only when the requester gave an address.
  const closes = current.status === 'open' && statusOfDetailedStatus(detailed) === 'closed';
  const notification =
    closes && current.email
      ? context.closingMessage(current, detailed[0]!, set.status_notes ?? current.status_notes)
      : undefined;
  return {
    set: { ...set, updated_at: context.now },
    ...extra,
    audit: { at: context.now, moderator: context.moderator, action, details: { ...details, ...(notification ? { notified: true } : {}) } },
    notification,
  };
}

export const publishPlan =
  (context: ChangeContext): ChangePlan =>
  (current) => {
    if (current.moderation !== 'pending') {
      throw conflict(`this request is ${current.moderation}; only pending requests can be published`);
    }
    return plan(context, current, { moderation: 'published' }, 'publish', {});
  };

/** Rejected requests never appear in listings; by id they show REJECTED (closed) with the reason as status notes. */
export const rejectPlan =
  (context: ChangeContext, reason: string | null | undefined): ChangePlan =>
  (current) => {
    if (current.moderation === 'rejected') throw conflict('this request is already rejected');
    return plan(
      context,
      current,
      { moderation: 'rejected', detailed_status: ['REJECTED'], status_notes: reason ?? '' },
      'reject',
      { from: current.moderation, reason_given: Boolean(reason) },
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
