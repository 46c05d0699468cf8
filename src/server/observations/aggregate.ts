/**
 * `/api/observations/aggregate/`: one counter's values summed (or, for `speed`, averaged) per
 * hour, day, week (from Monday), month or year in the service's zone, per direction and unit, as
 * the real ObservationAggregateSerializer writes them; page numbers as its LargeResultsSetPagination.
 * The store answers hours, or periods when it can fold them itself; folding here is the same
 * either way (a period's start falls in its own period).
 */
import { formatCounterTime } from '../counters/time';
import type { QueryPairs } from '../drf/query-string';
import { wallClock, zoneOffsetSeconds } from '../time/core';
import type { ObservationBucket, ObservationRepository } from '../storage/repositories/types';
import { numberedPage, pageSizeOf } from '../drf/observation-paging';
import { localMidnight, parseAggregateQuery, type Period } from './query';

/** The local midnight `days` after the date (days may run past the month, as Date.UTC allows). */
const midnightAfter = (year: number, month: number, day: number, days: number, timeZone: string) => {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return localMidnight(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timeZone);
};

/** The period holding `hourStart`, [start, end), as Django's Trunc in the zone gives its start. */
export function periodBounds(hourStart: number, period: Period, timeZone: string): [number, number] {
  if (period === 'hour') return [hourStart, hourStart + 3_600_000];
  const { year, month, day } = wallClock(hourStart, zoneOffsetSeconds(hourStart, timeZone) / 60);
  if (period === 'day') return [localMidnight(year, month, day, timeZone), midnightAfter(year, month, day, 1, timeZone)];
  if (period === 'week') {
    const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
    return [midnightAfter(year, month, day, -weekday, timeZone), midnightAfter(year, month, day, 7 - weekday, timeZone)];
  }
  if (period === 'month') return [localMidnight(year, month, 1, timeZone), midnightAfter(year, month + 1, 1, 0, timeZone)];
  return [localMidnight(year, 1, 1, timeZone), localMidnight(year + 1, 1, 1, timeZone)];
}

interface Folded {
  start: number;
  direction: string;
  unit: string;
  sum: number;
  count: number;
}

/**
 * Hours into periods. Each series' hours come ascending, so the zone is consulted and the
 * period looked up once a period, not once an hour.
 */
function fold(buckets: readonly ObservationBucket[], period: Period, timeZone: string): Folded[] {
  const byKey = new Map<string, Folded>();
  let bounds: [number, number] = [0, 0];
  let current: Folded | undefined;
  for (const bucket of buckets) {
    if (bucket.start < bounds[0] || bucket.start >= bounds[1]) bounds = periodBounds(bucket.start, period, timeZone);
    if (current?.start !== bounds[0] || current.direction !== bucket.direction || current.unit !== bucket.unit) {
      const key = `${bounds[0]}|${bucket.direction}|${bucket.unit}`;
      current = byKey.get(key);
      if (!current) {
        current = { start: bounds[0], direction: bucket.direction, unit: bucket.unit, sum: 0, count: 0 };
        byKey.set(key, current);
      }
    }
    current.sum += bucket.sum;
    current.count += bucket.count;
  }
  return [...byKey.values()];
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function renderAggregate(
  pairs: QueryPairs,
  /** `sent`: the query as sent, which paging links keep; `pairs` when absent. */
  context: { repository: ObservationRepository; timeZone: string; listUrl: string; sent?: QueryPairs },
): Promise<object> {
  const query = parseAggregateQuery(pairs, context.timeZone);
  const rows =
    'matchesNothing' in query
      ? []
      : fold(
          await context.repository.aggregate({ ...query, ...(query.period === 'hour' ? {} : { foldInto: { period: query.period, timeZone: context.timeZone } }) }),
          query.period,
          context.timeZone,
        ).sort(
          (a, b) => (query.descending ? b.start - a.start : a.start - b.start) || compareText(a.direction, b.direction) || compareText(a.unit, b.unit),
        );
  const pageSize = pageSizeOf(pairs);
  const page = numberedPage(context.listUrl, context.sent ?? pairs, rows.length, pageSize);
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
