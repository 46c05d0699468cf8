/**
 * The moderation API's wire shapes (src/server/moderation writes them, the console reads them):
 * moderation states, a request as the console sees it, and the refusal of invalid input.
 */
import type { ServiceRequest } from '../georeport/types';
import type { ProblemCode } from '../validation/problems';

/** New requests are pending (hidden from listings) until a moderator publishes or rejects them. */
export const moderationStates = ['pending', 'published', 'rejected'] as const;
export type ModerationState = (typeof moderationStates)[number];

export function isModerationState(value: unknown): value is ModerationState {
  return typeof value === 'string' && (moderationStates as readonly string[]).includes(value);
}

/** The personal fields of a request: moderators see them, the public never does. */
export interface ModerationPrivateDetails {
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  device_id: string | null;
  account_id: string | null;
  locale: string;
}

/** A photo of a request, by the position DELETE …/media/{position} takes ('external': its media_url). */
export interface ModerationMedia {
  position: number | 'external';
  url: string;
  content_type?: string;
  byte_size?: number;
}

/**
 * An answer to one of the service type's own questions (`attribute[CODE]`), in the moderator's
 * language where the definition still has the question: list answers as their value names.
 * Moderators only: GeoReport has no field for answers in a request, and free text may hold
 * personal details.
 */
export interface ModerationAnswer {
  code: string;
  question: string;
  datatype: string;
  answers: string[];
}

/**
 * A request as the console sees it: `public` is exactly what
 * GET /open311/v1/requests/{id}.json?extensions=true answers, `private` what never appears there.
 */
export interface ModerationItem {
  service_request_id: string;
  moderation: ModerationState;
  public: ServiceRequest;
  private: ModerationPrivateDetails;
  media: ModerationMedia[];
  answers: ModerationAnswer[];
  /** The original, when a moderator marked this request its duplicate. */
  duplicate_of: string | null;
  /** Reports that are likely about the same problem (src/server/moderation/duplicates.ts); pending and published requests only. */
  likely_duplicates: LikelyDuplicate[];
  /** The report's send to its body's case system (issue 27); null when its body works in this console. */
  forward: ModerationForward | null;
  /** The reporter said "not fixed" and the request is still open (issue 28): its body's moderators look again. */
  reopened_by_reporter: boolean;
  /** Residents' open reports of abuse, oldest first (issue 28); their addresses are for moderators only. */
  abuse_reports: ModerationAbuseReport[];
  /** What needs a moderator's attention (moderationFlags), in that list's order; a later server may send more. */
  flags: string[];
}

/** Who of the body's moderators handles a report (issue 41, item 5); W3C date-time. */
export interface ModerationAssignee {
  name: string;
  assigned_by: string;
  assigned_at: string;
}

/** A note only the report's body's moderators read: never in a public answer, feed, email or export. */
export interface ModerationInternalNote {
  id: number;
  author: string;
  text: string;
  created_at: string;
}

/** What the detail answer adds to a request for the desk's work (issue 41, item 5). */
export interface ModerationDesk {
  assignee: ModerationAssignee | null;
  /** The moderators the report may be assigned to: its body's (or, for a report of no body, administrators), by name. */
  assignable: string[];
  internal_notes: ModerationInternalNote[];
}

/** A moderator the signed-in one may assign reports to (GET /moderation/api/moderators). */
export interface ModerationColleague {
  name: string;
  /** The body ids they moderate; none: an administrator. */
  bodies: string[];
}

/** One open report of abuse: why, the address if one was given, and when (W3C datetime). */
export interface ModerationAbuseReport {
  id: number;
  reason: string;
  email: string | null;
  reported_at: string;
}

/**
 * What puts a request in front of a moderator (issue 41): each is a marker on the request in the
 * lists (`flags`) and a filter of the queue and the lists (GET queue?flag=…, requests?flag=…).
 * - `abuse`: residents' reports of abuse not yet resolved;
 * - `reopened`: its reporter answered "not fixed" and it is still open;
 * - `send_failed`: its send to the body's case system was given up;
 * - `awaiting_case_system`: the case system has given nothing back yet: the send is still waiting
 *   (first try or a retry), or it was taken with the case system's id and no status came back;
 * - `overdue`: published and still open past its service type's target time to close
 *   (deadlines.ts); a type without a target has no overdue reports;
 * - `possible_duplicate`: it has likely duplicates (`likely_duplicates`);
 * - `assigned_to_me`: assigned to the signed-in moderator (issue 41, item 5): each moderator's own.
 */
export const moderationFlags = ['abuse', 'reopened', 'send_failed', 'awaiting_case_system', 'overdue', 'possible_duplicate', 'assigned_to_me'] as const;
export type ModerationFlag = (typeof moderationFlags)[number];

export function isModerationFlag(value: unknown): value is ModerationFlag {
  return typeof value === 'string' && (moderationFlags as readonly string[]).includes(value);
}

/** How a send stands: waiting (first try or a retry), taken by the case system, or given up. */
export const forwardStates = ['pending', 'sent', 'failed'] as const;
export type ForwardState = (typeof forwardStates)[number];

/**
 * A report's send to its body's case system as moderators see it: never a key, never the
 * report's texts. Times are W3C date-times in the installation's time zone.
 */
export interface ModerationForward {
  /** The body's send method (the server's forwarding/senders/); the console words a send by it. */
  method: string;
  state: ForwardState;
  /** Attempts so far. */
  attempts: number;
  /** The case system's last error as the sender worded it; null when none. */
  last_error: string | null;
  /** The case system's service_request_id (open311), once sent. */
  remote_id: string | null;
  sent_at: string | null;
  /** When a pending send is tried next; null once sent or given up. */
  next_attempt_at: string | null;
  /**
   * Whether the report's body hears a moderator's note (POST …/case-system-note, issue 40,
   * item 8): its case system takes Kerro's updates (an open311 body with "updates": "mysociety").
   * A note also needs a send that was not given up.
   */
  takes_notes: boolean;
}

/**
 * A pending or published report of the same service type within 50 m and 30 days whose text is
 * similar (`similarity`: the share of character trigrams the texts have in common, 0–1).
 */
export interface LikelyDuplicate {
  service_request_id: string;
  moderation: ModerationState;
  /** Its title, else the start of its description. */
  summary: string;
  distance_meters: number;
  similarity: number;
  /** Made before this one: the likelier original. */
  earlier: boolean;
}

/**
 * One refused field of `{"error": {"code": "invalid_input", "message", "fields": [...]}}`:
 * `message` says what to fix in English, `code` names the problem for programs (and the
 * console's own languages), `limit` is the number the rule allows when it has one.
 */
export interface ModerationFieldProblem {
  field: string;
  message: string;
  code: ProblemCode;
  limit?: number;
}
