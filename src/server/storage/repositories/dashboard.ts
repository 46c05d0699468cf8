/**
 * The dashboard and its exports (issue 41, item 9): the reports of a filter, read in keyset pages
 * so an export of any size holds one page at a time, and the counts the store answers in SQL.
 */

import type { DashboardState } from '../../../shared/moderation/dashboard';

export type { DashboardState };

export interface DashboardFilter {
  /** requested_at from (inclusive) and until (exclusive), epoch ms. */
  from?: number;
  until?: number;
  serviceCode?: string;
  state?: DashboardState;
  /** undefined: every body's (an administrator); a list: only reports of these bodies. */
  bodyIds?: readonly string[];
}

/** What an export and the figures read of a report: no personal data, no internal fields. */
export interface DashboardReport {
  service_request_id: string;
  service_code: string;
  title: string | null;
  description: string;
  address_string: string | null;
  lat: number | null;
  long: number | null;
  body_id: string | null;
  state: DashboardState;
  detailed_status: string[];
  requested_at: number;
  updated_at: number;
  /** From the public history: when it was published, and when it was last closed (null while open). */
  published_at: number | null;
  closed_at: number | null;
}

/** One public update of an exported report: its history entry, with a resident's update text once published. */
export interface DashboardUpdate {
  service_request_id: string;
  at: number;
  kind: string;
  detailed_status: string[];
  note: string;
  resident_update_text: string | null;
}

export interface DashboardRepository {
  /** The filter's reports in pages of at most `pageSize`, ordered by id; `publishedOnly` for exports. */
  reportPages(filter: DashboardFilter, options: { pageSize: number; publishedOnly?: boolean }): AsyncIterable<DashboardReport[]>;
  /** The public updates of these reports, oldest first per report. */
  updatesOf(ids: readonly string[]): Promise<DashboardUpdate[]>;
  /** Open reports among the filter's that are overdue at `now`, and those reopened by their reporter. */
  flaggedCounts(filter: DashboardFilter, now: number): Promise<{ overdue: number; reopened: number }>;
}
