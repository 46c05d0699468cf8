/**
 * The dashboard's figures (issue 41, item 9) from a filter's reports, page by page: counts by
 * type, state, month and week, and the median and 90th percentile of the times to publish and to
 * close. Months and weeks are the installation's local ones; weeks start on Monday (ISO, as in
 * Finland). Percentiles are nearest-rank over the durations in JS: the same on both engines.
 */
import { dashboardStates, type DashboardFigures, type DashboardState, type DurationFigures } from '../../shared/moderation/dashboard';
import type { DashboardReport } from '../storage/repositories/types';
import { zoneOffsetSeconds, wallClock, pad } from '../time/core';

/** What the reports alone tell; the route adds the type names and the flagged counts. */
export type CollectedFigures = Omit<DashboardFigures, 'overdue' | 'reopened' | 'by_service_code'> & {
  by_service_code: { service_code: string; count: number }[];
};

/** Nearest rank: the smallest value with at least `fraction` of all at or below it. */
export function percentile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

function durations(values: number[]): DurationFigures {
  const sorted = values.sort((a, b) => a - b);
  return { count: sorted.length, median_ms: percentile(sorted, 0.5), p90_ms: percentile(sorted, 0.9) };
}

const dayText = (date: Date) => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The local month (YYYY-MM) and the local date of its week's Monday (YYYY-MM-DD). */
export function monthAndWeekOf(epochMs: number, timeZone: string): { month: string; week: string } {
  const local = wallClock(epochMs, Math.trunc(zoneOffsetSeconds(epochMs, timeZone) / 60));
  const date = new Date(Date.UTC(local.year, local.month - 1, local.day));
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(local.year, local.month - 1, local.day - sinceMonday));
  return { month: `${pad(local.year, 4)}-${pad(local.month)}`, week: dayText(monday) };
}

/** Every week from the first counted to the last, an empty one as 0: a chart shows the gap. */
export function everyWeek(counts: Map<string, number>): { week: string; count: number }[] {
  const weeks = [...counts.keys()].sort();
  if (weeks.length === 0) return [];
  const result: { week: string; count: number }[] = [];
  const last = weeks.at(-1)!;
  for (let monday = new Date(`${weeks[0]}T00:00:00Z`); dayText(monday) <= last; monday.setUTCDate(monday.getUTCDate() + 7)) {
    const week = dayText(monday);
    result.push({ week, count: counts.get(week) ?? 0 });
  }
  return result;
}

const sortedCounts = (counts: Map<string, number>) => [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Adds reports a page at a time, so the whole filter is never held: only its durations. */
export function figuresCollector(timeZone: string) {
  const byCode = new Map<string, number>();
  const byMonth = new Map<string, number>();
  const byWeek = new Map<string, number>();
  const byState = Object.fromEntries(dashboardStates.map((state) => [state, 0])) as Record<DashboardState, number>;
  const toPublish: number[] = [];
  const toClose: number[] = [];
  let total = 0;
  return {
    add(reports: readonly DashboardReport[]) {
      for (const report of reports) {
        total += 1;
        byCode.set(report.service_code, (byCode.get(report.service_code) ?? 0) + 1);
        byState[report.state] += 1;
        const { month, week } = monthAndWeekOf(report.requested_at, timeZone);
        byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
        byWeek.set(week, (byWeek.get(week) ?? 0) + 1);
        if (report.published_at !== null) toPublish.push(Math.max(0, report.published_at - report.requested_at));
        if (report.closed_at !== null) toClose.push(Math.max(0, report.closed_at - report.requested_at));
      }
    },
    figures(): CollectedFigures {
      return {
        total,
        by_service_code: sortedCounts(byCode).map(([service_code, count]) => ({ service_code, count })),
        by_state: byState,
        by_month: sortedCounts(byMonth).map(([month, count]) => ({ month, count })),
        by_week: everyWeek(byWeek),
        open: byState.open,
        time_to_publish: durations(toPublish),
        time_to_close: durations(toClose),
      };
    },
  };
}
