/** Forwarding to case systems and polling them for updates (forwards.ts, leased-jobs.ts). */
import type { ColumnType } from 'kysely';
import type { CaseSystemUpdateKind } from '../repositories/case-system-updates';

/** One per forwarded request (issue 27): a job until sent, then the link to the case system's report. */
export interface ForwardsTable {
  service_request_id: string;
  body_id: string;
  method: string;
  idempotency_key: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  /** 1 when an attempt's answer was lost after the case system may have taken it. */
  uncertain: number;
  sent_at: number | null;
  failed_at: number | null;
  last_error: string | null;
  remote_id: string | null;
  remote_updated_at: number | null;
  /** When a window's listing last showed it (Kerro's clock); from then on it is never asked by id. */
  listed_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When it was last asked by id and nothing new came back: not asked again for an hour. */
  checked_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Each open311 body's polling: the window applied so far and the one instance's lease. */
export interface CaseSystemPollsTable {
  body_id: string;
  polled_until: number | null;
  locked_until: number | null;
  last_polled_at: number | null;
  last_error: string | null;
}

/** A mySociety-updates body's update, by its own update_id, applied (or posted by Kerro) once (0022). */
export interface CaseSystemSeenUpdatesTable {
  body_id: string;
  update_id: string;
  service_request_id: string;
  seen_at: number;
}

/** An update Kerro owes a body's case system, leased like a forward (0022; its kind and photo link 0023). */
export interface CaseSystemUpdatePostsTable {
  /** Its Idempotency-Key and update_id_ext on every attempt. */
  id: string;
  service_request_id: string;
  body_id: string;
  kind: CaseSystemUpdateKind;
  status: string;
  description: string;
  media_url: string | null;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  sent_at: number | null;
  failed_at: number | null;
  last_error: string | null;
  remote_update_id: string | null;
}

export interface ForwardTables {
  forwards: ForwardsTable;
  case_system_polls: CaseSystemPollsTable;
  case_system_seen_updates: CaseSystemSeenUpdatesTable;
  case_system_update_posts: CaseSystemUpdatePostsTable;
}
