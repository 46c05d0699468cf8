/**
 * The dashboard's wire shapes (issue 41, item 9): the server's figures (moderation/routes/
 * dashboard.ts) as the console reads them, and the states its filter offers.
 */

/** A report's place in the moderators' day: in the queue, published and open or closed, rejected. */
export const dashboardStates = ['pending', 'open', 'closed', 'rejected'] as const;
export type DashboardState = (typeof dashboardStates)[number];

export interface DurationFigures {
  /** How many reports the figure is over; the times are null with none. */
  count: number;
  median_ms: number | null;
  p90_ms: number | null;
}

export interface DashboardFigures {
  total: number;
  by_service_code: { service_code: string; service_name: string; count: number }[];
  by_state: Record<DashboardState, number>;
  /** Local months, YYYY-MM, oldest first. */
  by_month: { month: string; count: number }[];
  /** Every week from the first report's to the last's (empty weeks too), by its Monday, YYYY-MM-DD. */
  by_week: { week: string; count: number }[];
  open: number;
  overdue: number;
  reopened: number;
  time_to_publish: DurationFigures;
  time_to_close: DurationFigures;
}
