/**
 * A counter's recent traffic as the chart, its table and its CSV show it: the aggregate's rows
 * (one per period, direction and unit, as the service writes them) turned into one time axis
 * with a value column per direction.
 */

/** The two views: the last 7 days hour by hour, the last 90 days day by day. */
export type TrafficRange = 'week' | 'quarter';
export const trafficRanges: readonly TrafficRange[] = ['week', 'quarter'];

export const periodOf: Record<TrafficRange, 'hour' | 'day'> = { week: 'hour', quarter: 'day' };
const daysOf: Record<TrafficRange, number> = { week: 7, quarter: 90 };

/** One row of `/observations/aggregate/`, with the service's own (camelCase) names. */
export interface AggregateRow {
  period: string;
  counterId: number;
  startTime: string;
  direction: string;
  unit: string;
  aggregatedValue: number;
}

/** The first day of the range (today counts as its last day), as the `start_date` the service reads. */
export function rangeStartDate(range: TrafficRange, now: Date): string {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (daysOf[range] - 1));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`;
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
