/**
 * `/api/observations/aggregate/`: one counter's values summed (or, for `speed`, averaged) per
 * hour, day, week (from Monday), month or year in the service's zone, per direction and unit, as
 * the real ObservationAggregateSerializer writes them; page numbers as its LargeResultsSetPagination.
 * The store answers hours; the periods are folded here.
 */
import { formatCounterTime } from '../counters/time';
import type { QueryPairs } from '../counters/query-string';
import { wallClock, zoneOffsetSeconds } from '../time/core';
import type { ObservationBucket, ObservationRepository } from '../storage/repositories/types';
import { numberedPage, pageSizeOf } from './paging';
import { localMidnight, parseAggregateQuery, type Period } from './query';

/** The start of the period holding `hourStart`, as Django's Trunc in the zone gives it. */
export function periodStart(hourStart: number, period: Period, timeZone: string): number {
  if (period === 'hour') return hourStart;
  const local = wallClock(hourStart, zoneOffsetSeconds(hourStart, timeZone) / 60);
  if (period === 'day') return localMidnight(local.year, local.month, local.day, timeZone);
  if (period === 'week') {
    const weekday = (new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay() + 6) % 7;
    const monday = new Date(Date.UTC(local.year, local.month - 1, local.day - weekday));
    return localMidnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), timeZone);
  }
  if (period === 'month') return localMidnight(local.year, local.month, 1, timeZone);
  return localMidnight(local.year, 1, 1, timeZone);
}

interface Folded {
  start: number;
  direction: string;
  unit: string;
  sum: number;
  count: number;
}

function fold(buckets: readonly ObservationBucket[], period: Period, timeZone: string): Folded[] {
  const byKey = new Map<string, Folded>();
  for (const bucket of buckets) {
    const start = periodStart(bucket.start, period, timeZone);
    const key = JSON.stringify([start, bucket.direction, bucket.unit]);
    const folded = byKey.get(key);
    if (folded) {
      folded.sum += bucket.sum;
      folded.count += bucket.count;
    } else byKey.set(key, { start, direction: bucket.direction, unit: bucket.unit, sum: bucket.sum, count: bucket.count });
  }
  return [...byKey.values()];
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function renderAggregate(
  pairs: QueryPairs,
  context: { repository: ObservationRepository; timeZone: string; listUrl: string },
): Promise<object> {
  const query = parseAggregateQuery(pairs, context.timeZone);
  const rows =
    'matchesNothing' in query
      ? []
      : fold(await context.repository.aggregate(query), query.period, context.timeZone).sort(
          (a, b) => (query.descending ? b.start - a.start : a.start - b.start) || compareText(a.direction, b.direction) || compareText(a.unit, b.unit),
        );
  const pageSize = pageSizeOf(pairs);
  const page = numberedPage(context.listUrl, pairs, rows.length, pageSize);
  // The real view averages only for exactly `speed`; every other type is summed.
  const average = 'matchesNothing' in query ? false : query.measurementType === 'speed';
  const results = rows.slice(page.offset, page.offset + pageSize).map((row) => ({
    period: 'matchesNothing' in query ? '' : query.period,
    counterId: 'matchesNothing' in query ? 0 : query.counterId,
    startTime: formatCounterTime(row.start, context.timeZone),
    direction: row.direction,
    unit: row.unit,
    aggregatedValue: average ? row.sum / row.count : row.sum,
  }));
  return { count: rows.length, next: page.next, previous: page.previous, results };
}
