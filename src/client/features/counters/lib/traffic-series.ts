/**
 * A counter's recent traffic as the chart, its table and its CSV show it: the aggregate's rows
 * (one per period, direction and unit, as the service writes them) turned into one time axis
 * with a value column per direction.
 */

/** The two views: the last 7 days hour by hour, the last 90 days day by day. */
export type TrafficRange = 'week' | 'quarter';
export const trafficRanges: readonly TrafficRange[] = ['week', 'quarter'];

export const periodOf: Record<TrafficRange, 'hour' | 'day'> = { week: 'hour', quarter: 'day' };
/** How many days before today the range starts: the week counts today as its last day (its hours end at the last full one), the 90 days end yesterday. */
const daysBackOf: Record<TrafficRange, number> = { week: 6, quarter: 90 };
const periodLengthOf: Record<TrafficRange, number> = { week: 3_600_000, quarter: 86_400_000 };

/** One row of `/observations/aggregate/`, with the service's own (camelCase) names. */
export interface AggregateRow {
  period: string;
  counterId: number;
  startTime: string;
  direction: string;
  unit: string;
  aggregatedValue: number;
}

/** The first day of the range, as the `start_date` the service reads. */
export function rangeStartDate(range: TrafficRange, now: Date): string {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBackOf[range]);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`;
}

/** The range's first moment, local midnight of its first day (epoch ms). */
export function rangeStart(range: TrafficRange, now: Date): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBackOf[range]).getTime();
}

/**
 * Whether a row's period is over by `now`. The period in progress (this hour, today) holds only
 * part of its traffic and would plot as a drop at the end of every chart, so it is left out until
 * it ends. A day is taken as 24 hours from its start (a daylight-saving day's last hour is shown
 * early: nearly whole, not a drop).
 */
export function periodHasEnded(row: Pick<AggregateRow, 'startTime'>, range: TrafficRange, now: Date): boolean {
  const start = Date.parse(row.startTime);
  return Number.isFinite(start) && start + periodLengthOf[range] <= now.getTime();
}

/** What a counter measures: counts always; speeds only if it classifies (the real service's rule of thumb). */
export function measurementTypesOf(counter: { classifying: boolean }): string[] {
  return counter.classifying ? ['count', 'speed'] : ['count'];
}

export interface TrafficSeries {
  /** Period starts in epoch milliseconds, ascending, each once. */
  times: number[];
  /** The directions, in the order of their first row. */
  directions: string[];
  /** values[d][i]: direction d at times[i]; null where the service has no row. */
  values: (number | null)[][];
  /** The unit the service names (pcs, km/h); empty when there are no rows. */
  unit: string;
}

/** The rows of one measurement type on one time axis; rows with an unreadable time are left out. */
export function toSeries(rows: readonly AggregateRow[]): TrafficSeries {
  const readable = rows.map((row) => ({ row, time: Date.parse(row.startTime) })).filter(({ time }) => Number.isFinite(time));
  const times = [...new Set(readable.map(({ time }) => time))].sort((a, b) => a - b);
  const directions = [...new Set(readable.map(({ row }) => row.direction))];
  const column = new Map(times.map((time, index) => [time, index]));
  const values = directions.map(() => times.map((): number | null => null));
  for (const { row, time } of readable) {
    const cells = values[directions.indexOf(row.direction)]!;
    const index = column.get(time)!;
    cells[index] = (cells[index] ?? 0) + row.aggregatedValue;
  }
  return { times, directions, values, unit: readable[0]?.row.unit ?? '' };
}
