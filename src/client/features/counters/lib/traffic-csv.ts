import { csvText } from './counters-csv';
import type { AggregateRow, TrafficRange } from './traffic-series';

/** The columns: the service's own field names, with the measurement type the query chose. */
export const TRAFFIC_CSV_HEADER = ['counterId', 'period', 'measurementType', 'startTime', 'direction', 'unit', 'aggregatedValue'];

/**
 * The shown series as one CSV file, rows as the service gave them (time ascending, each
 * measurement type in turn), values unrounded; a byte order mark first, for Excel.
 */
export function trafficCsv(byType: readonly { measurementType: string; rows: readonly AggregateRow[] }[]): string {
  const lines = [TRAFFIC_CSV_HEADER];
  for (const { measurementType, rows } of byType) {
    for (const row of rows) {
      lines.push([String(row.counterId), row.period, measurementType, row.startTime, row.direction, row.unit, String(row.aggregatedValue)]);
    }
  }
  return csvText(lines);
}

export function trafficCsvFileName(counterId: number, range: TrafficRange): string {
  return `counter-${counterId}-${range === 'week' ? 'last-7-days-hourly' : 'last-90-days-daily'}.csv`;
}
