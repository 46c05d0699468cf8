/**
 * The residents' API (/residents/api, issue 28 "My reports") as both sides see it. A signed-in
 * resident sees only what their own address reported or follows.
 */
import type { AlertSummary } from '../alerts/wire';
import type { ModerationState } from '../moderation/wire';

/** A one-time link works this long, and once. */
export const signInLinkMinutes = 15;

/** A request in a resident's lists. */
export interface ResidentRequestItem {
  id: string;
  /** The service type's code and its name in the asked locale. */
  type: string;
  typeName: string;
  /** '' when the report has none. */
  title: string;
  status: 'open' | 'closed';
  detailedStatus: string[];
  requestedAt: string;
  updatedAt: string;
  /** The public page; null while the public cannot see it (pending or rejected). */
  link: string | null;
}

export interface ResidentReportItem extends ResidentRequestItem {
  moderation: ModerationState;
  /** Whether the reporter gets update emails about it. */
  updates: boolean;
  /** The original it was merged into as a duplicate (its reporter follows that one); else null. */
  duplicateOf: string | null;
}

export interface ResidentMe {
  email: string;
  /** The names given with the newest report that had any ('' when none). */
  firstName: string;
  lastName: string;
  /** Update emails about their reports: on unless turned off for every report (merged duplicates aside). */
  reportUpdates: boolean;
  reports: ResidentReportItem[];
  follows: ResidentRequestItem[];
  /** Their email alerts, pending ones too. */
  alerts: ResidentAlertItem[];
}

/** An alert in the resident's list: a body's area named in the asked locale. */
export interface ResidentAlertItem extends AlertSummary {
  bodyName?: string;
}

/** GET /residents/api/session: who is signed in, and what a report's contact fields are filled with. */
export type ResidentSessionAnswer = { signedIn: false } | { signedIn: true; email: string; firstName: string; lastName: string };

export interface ResidentSettingsInput {
  reportUpdates?: boolean;
  /** Requests to stop following. */
  unfollow?: string[];
  /** Their alerts to remove. */
  removeAlerts?: number[];
}

/** A same-site path to go to after signing in: one slash, never another origin. */
export function isSafeNextPath(next: unknown): next is string {
  return typeof next === 'string' && next.length <= 200 && /^\/(?![/\\])[^\s]*$/.test(next);
}
