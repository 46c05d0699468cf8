/**
 * What a public change of a request tells, whoever makes it (a moderator's action in
 * moderation/changes.ts, a case system's update in forwarding/): the dated public history events
 * it adds and the email its subscribers get, decided together so the two always agree.
 */
import { statusOfDetailedStatus } from '../../shared/georeport/detailed-status';
import type { AuditAction } from '../../shared/moderation/audit-actions';
import type { HistoryEvent, ModerationSnapshot, PlannedChange, RequestFieldChanges } from '../storage/repositories/types';
import { closingMessage, updateMessage, type MessageSettings, type UpdateKind } from './subscriber-messages';

export interface ChangeContext {
  /** Who made the change, as the audit log names them: a moderator, or a case system. */
  moderator: string;
  now: number;
  /** How the subscribers' email is worded: links, time zone, sender, service names. */
  mail: MessageSettings;
}

/** What the public history gains from a change: publication, a new status, a new public note. */
export function historyOf(current: ModerationSnapshot, after: ModerationSnapshot, now: number): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  if (after.moderation === 'published' && current.moderation !== 'published') {
    events.push({ at: now, kind: 'published', detailed_status: after.detailed_status, note: '' });
  }
  const notesChanged = after.status_notes !== current.status_notes;
  if (after.detailed_status.join(',') !== current.detailed_status.join(',')) {
    events.push({ at: now, kind: 'status', detailed_status: after.detailed_status, note: notesChanged ? after.status_notes : '' });
  } else if (notesChanged && after.status_notes.trim() !== '') {
    events.push({ at: now, kind: 'note', detailed_status: after.detailed_status, note: after.status_notes });
  }
  return events;
}

/** A forwarding is told to nobody: it is the case system's status that follows that residents hear of. */
const toldKind = (event: HistoryEvent): event is HistoryEvent & { kind: UpdateKind } => event.kind !== 'forwarded';

/**
 * Subscribers hear of a close (the reporter's email keeps its own words), and of every public
 * change of a published request, worded from the request after it.
 */
export function notifyOf(context: ChangeContext, current: ModerationSnapshot, after: ModerationSnapshot, history: HistoryEvent[]) {
  if (current.status === 'open' && statusOfDetailedStatus(after.detailed_status) === 'closed') return closingMessage(after, context.mail);
  if (after.moderation !== 'published') return undefined;
  const told = history.filter(toldKind);
  const kind = told.find((event) => event.kind === 'published' || event.kind === 'status') ?? told[0];
  return kind ? updateMessage(kind.kind, after, context.mail) : undefined;
}

/** The change with its history, its email and its audit row (`notified` when subscribers are told). */
export function planChange(
  context: ChangeContext,
  current: ModerationSnapshot,
  set: RequestFieldChanges,
  action: AuditAction,
  details: Record<string, unknown>,
  extra: Pick<PlannedChange, 'removeMediaPosition' | 'remoteUpdatedAt' | 'seenUpdate'> = {},
): PlannedChange {
  const after: ModerationSnapshot = { ...current, ...set };
  const history = historyOf(current, after, context.now);
  const notify = notifyOf(context, current, after, history);
  return {
    set: { ...set, updated_at: context.now },
    ...extra,
    audit: { at: context.now, moderator: context.moderator, action, details: { ...details, ...(notify ? { notified: true } : {}) } },
    history,
    notify,
  };
}
