/**
 * SQL shared by both backends for reading observations: rows are series (counter, measurement
 * type, direction, vehicle type, with their unit, duration and source) joined to their values.
 * Placeholders come from `param`, which each backend spells (`?` or `$n`).
 */
import type { ObservationBucket, ObservationFilter, ObservationPosition, ObservationSortField, ObservationSortKey } from './repositories/observations';

export type Param = (value: unknown) => string;

const columnOf: Record<ObservationSortField, string> = {
  datetime: 'o.datetime',
  counterId: 's.counter_id',
  measurementType: 's.measurement_type',
  direction: 's.direction',
  vehicleType: 's.vehicle_type',
};

export const observationSelect = `SELECT s.counter_id, s.measurement_type, s.direction, s.vehicle_type, s.unit,
  s.phenomenon_duration_seconds, s.source, o.datetime, o.value
  FROM observations o JOIN observation_series s ON s.id = o.series_id`;

export interface ObservationRow {
  counter_id: number;
  measurement_type: string;
  direction: string;
  vehicle_type: string;
  unit: string;
  phenomenon_duration_seconds: number;
  source: string;
  datetime: number;
  value: number;
}

export const fold = (text: string) => text.toLowerCase();

/** The filter's conditions, joined with AND (empty when there are none). */
export function filterConditions(filter: ObservationFilter, param: Param): string[] {
  const conditions: string[] = [];
  if (filter.counterIds !== undefined) {
    conditions.push(filter.counterIds.length === 0 ? '1 = 0' : `s.counter_id IN (${filter.counterIds.map(param).join(', ')})`);
  }
  if (filter.measurementType !== undefined) conditions.push(`s.measurement_type_folded = ${param(fold(filter.measurementType))}`);
  if (filter.source !== undefined) conditions.push(`s.source_folded = ${param(fold(filter.source))}`);
  if (filter.from !== undefined) conditions.push(`o.datetime >= ${param(filter.from)}`);
  if (filter.to !== undefined) conditions.push(`o.datetime <= ${param(filter.to)}`);
  return conditions;
}

export const whereOf = (conditions: readonly string[]) => (conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`);

export const orderByOf = (order: readonly ObservationSortKey[]) =>
  ` ORDER BY ${order.map((key) => `${columnOf[key.field]}${key.descending ? ' DESC' : ''}`).join(', ')}`;

/**
 * Rows strictly after `position` in `order`: (a > x) OR (a = x AND b > y) OR …, with < for the
 * descending fields. Mixed directions rule out a row-value comparison.
 */
export function afterPosition(order: readonly ObservationSortKey[], position: ObservationPosition, param: Param): string {
  // The same bound on the first field alone, redundant but plain: it lets the planner range-scan
  // that field's index instead of testing the OR against every row. Placeholders are numbered
  // (or positional) in the order of the text, so it comes first.
  const first = order[0]!;
  const bound = `${columnOf[first.field]} ${first.descending ? '<=' : '>='} ${param(position[0])}`;
  const alternatives: string[] = [];
  for (let index = 0; index < order.length; index += 1) {
    const parts: string[] = [];
    for (let equal = 0; equal < index; equal += 1) parts.push(`${columnOf[order[equal]!.field]} = ${param(position[equal])}`);
    const key = order[index]!;
    parts.push(`${columnOf[key.field]} ${key.descending ? '<' : '>'} ${param(position[index])}`);
    alternatives.push(`(${parts.join(' AND ')})`);
  }
  return `${bound} AND (${alternatives.join(' OR ')})`;
}

export function decodeObservation(row: ObservationRow) {
  return {
    counterId: Number(row.counter_id),
    measurementType: row.measurement_type,
    direction: row.direction,
    vehicleType: row.vehicle_type,
    unit: row.unit,
    phenomenonDurationSeconds: Number(row.phenomenon_duration_seconds),
    source: row.source,
    datetime: Number(row.datetime),
    value: Number(row.value),
  };
}

/**
 * The series a record belongs to: its key, as stored in observation_series' unique index. NUL
 * separates the parts: stored text never holds control characters (the import refuses them).
 */
export const seriesKeyOf = (record: { counterId: number; measurementType: string; direction: string; vehicleType: string }) =>
  `${record.counterId}\u0000${record.measurementType}\u0000${record.direction}\u0000${record.vehicleType}`;

export const hourMs = 3_600_000;

/** The series of one counter and measurement type: aggregates read each one's key range alone. */
export const aggregateSeriesSelect = (param: Param, counterId: number, measurementType: string) =>
  `SELECT id, direction, unit FROM observation_series
   WHERE counter_id = ${param(counterId)} AND measurement_type_folded = ${param(fold(measurementType))}`;

/** One series' values in a time range, in the primary key's own order: no grouping or sorting. */
export const seriesValuesSelect = (param: Param, seriesId: number, from: number, to: number) =>
  `SELECT datetime, value FROM observations WHERE series_id = ${param(seriesId)} AND datetime >= ${param(from)} AND datetime <= ${param(to)}`;

/**
 * One series' [datetime, value] rows (ascending) summed per hour, appended to `buckets`.
 * Bucketing here rather than in SQL: the rows come in key order, so neither a sort nor a lookup
 * is needed, and a year of one counter is read in a few milliseconds.
 */
export function addHourBuckets(
  buckets: ObservationBucket[],
  series: { direction: string; unit: string },
  rows: Iterable<readonly [number | string, number | string]>,
): void {
  let last: ObservationBucket | undefined;
  for (const [datetimeValue, value] of rows) {
    const datetime = Number(datetimeValue);
    const start = datetime - (((datetime % hourMs) + hourMs) % hourMs);
    if (last?.start !== start) {
      last = { direction: series.direction, unit: series.unit, start, sum: 0, count: 0 };
      buckets.push(last);
    }
    last.sum += Number(value);
    last.count += 1;
  }
}
