/**
 * Residents in the loop (issue 28): the "was it fixed?" questionnaire and reports of abuse.
 *
 * A request's questionnaire row is written by the unit of work when the request closes (its
 * `closed_at`; a later close moves it while nobody was asked). Once it has been closed for the
 * configured delay, one email goes to the reporter, queued in the transaction that marks the row
 * asked, so two instances never send it twice. The reporter answers once.
 */
import type { Recipient } from './follow';
import type { NewOutboxMessage } from './outbox';

/** Writes the questionnaire email for the reporter; its links are signed with the questionnaire's id. */
export type QuestionnaireMessage = (recipient: Recipient, questionnaireId: number) => NewOutboxMessage;

export type QuestionnaireAnswer = 'fixed' | 'not_fixed';

export interface Questionnaire {
  id: number;
  service_request_id: string;
  closed_at: number;
  asked_at: number | null;
  answer: QuestionnaireAnswer | null;
  answered_at: number | null;
}

export interface QuestionnaireRepository {
  /**
   * Requests due a questionnaire: published, closed (not as REJECTED) at or before `closedBy`
   * and still closed, never asked, and with a reporter's subscription not unsubscribed.
   */
  listDue(closedBy: number, limit: number): Promise<string[]>;
  /**
   * Marks the request's questionnaire asked and queues `message` to the reporter, in one
   * transaction, when it is still due; false when it is not (asked meanwhile, reopened, no reporter).
   */
  ask(serviceRequestId: string, closedBy: number, now: number, message: QuestionnaireMessage): Promise<boolean>;
  find(id: number): Promise<Questionnaire | undefined>;
  /** Published requests their reporter reopened ("not fixed") and still open, in the moderator's bodies (none: all), oldest answer first. */
  listReopened(query: { limit: number; bodyIds?: readonly string[] }): Promise<string[]>;
  /** The questionnaires of these requests (requests without one are absent). */
  findFor(serviceRequestIds: readonly string[]): Promise<Map<string, Questionnaire>>;
}

export type AbuseResolution = 'kept' | 'hidden';

/** A report of abuse as moderators see it: the reason, and the address only they may read. */
export interface AbuseReport {
  id: number;
  service_request_id: string;
  reason: string;
  email: string | null;
  created_at: number;
  resolved_at: number | null;
  resolved_by: string | null;
  resolution: AbuseResolution | null;
}

export interface NewAbuseReport {
  service_request_id: string;
  reason: string;
  email: string | null;
  created_at: number;
}

export interface AbuseReportRepository {
  /** Stores the report when the request is published; false when it is not (absent, pending, rejected). */
  add(report: NewAbuseReport): Promise<AbuseReport | undefined>;
  /** The open (unresolved) reports of these requests, oldest first. */
  listOpen(serviceRequestIds: readonly string[]): Promise<Map<string, AbuseReport[]>>;
  /** Ids of published requests with open reports, in the moderator's bodies (none: all), oldest report first. */
  listFlagged(query: { limit: number; bodyIds?: readonly string[] }): Promise<string[]>;
  /** Resolves every open report of the request; answers how many were open. */
  resolve(serviceRequestId: string, resolution: AbuseResolution, moderator: string, now: number): Promise<number>;
}
