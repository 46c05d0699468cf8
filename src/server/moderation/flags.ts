/**
 * A request's flags (shared/moderation/wire.ts) from what the console already reads of it; the
 * store's filter (storage/kysely/moderation-flags.ts) answers the same question in SQL, and the
 * moderation tests hold the two to each other.
 */
import { overdueFrom } from '../../shared/moderation/deadlines';
import type { ModerationFlag } from '../../shared/moderation/wire';
import type { ForwardEntry, ServiceRequestRecord, ServiceTypeRecord } from '../storage/repositories/types';

export interface FlagFacts {
  openAbuseReports: number;
  reopenedByReporter: boolean;
  forward: ForwardEntry | undefined;
  overdue: boolean;
  likelyDuplicates: number;
  /** Assigned to the moderator who asks. */
  assignedToMe: boolean;
}

/** Published, still open, and made longer ago than its type's target (none: never overdue). */
export function isOverdue(record: Pick<ServiceRequestRecord, 'moderation' | 'status' | 'requested_at'>, type: ServiceTypeRecord | undefined, now: number): boolean {
  if (record.moderation !== 'published' || record.status !== 'open' || type?.target_days === undefined) return false;
  return overdueFrom(record.requested_at, type.target_days) < now;
}

/** Nothing back from the case system yet: still being sent, or taken with its id and never updated (an email send has no id to ask about). */
export function awaitsCaseSystem(forward: ForwardEntry): boolean {
  return forward.failed_at === null && (forward.sent_at === null || (forward.remote_id !== null && forward.remote_updated_at === null));
}

export function flagsOf(facts: FlagFacts): ModerationFlag[] {
  const { forward } = facts;
  const raised: Record<ModerationFlag, boolean> = {
    abuse: facts.openAbuseReports > 0,
    reopened: facts.reopenedByReporter,
    send_failed: forward !== undefined && forward.failed_at !== null,
    awaiting_case_system: forward !== undefined && awaitsCaseSystem(forward),
    overdue: facts.overdue,
    possible_duplicate: facts.likelyDuplicates > 0,
    assigned_to_me: facts.assignedToMe,
  };
  return (Object.keys(raised) as ModerationFlag[]).filter((flag) => raised[flag]);
}
