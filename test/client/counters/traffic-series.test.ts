import { describe, expect, it } from 'vitest';
import { TRAFFIC_CSV_HEADER, trafficCsv, trafficCsvFileName } from '../../../src/client/features/counters/lib/traffic-csv';
import { measurementTypesOf, rangeStartDate, toSeries, type AggregateRow } from '../../../src/client/features/counters/lib/traffic-series';
import { parseCsv, UTF8_BOM } from '../../../src/client/features/counters/lib/counters-csv';

const row = (startTime: string, direction: string, aggregatedValue: number, unit = 'pcs'): AggregateRow => ({
  period: 'hour',
  counterId: 7,
  startTime,
  direction,
  unit,
  aggregatedValue,
});

describe('traffic series from the aggregate', () => {
  it('puts each direction on one ascending time axis, with null where a direction has no row', () => {
    const series = toSeries([
      row('2026-11-20T01:00:00+02:00', 'in', 5),
      row('2026-11-20T00:00:00+02:00', 'in', 3),
      row('2026-11-20T00:00:00+02:00', 'out', 2),
    ]);
    expect(series.times).toEqual([Date.parse('2026-11-19T22:00:00Z'), Date.parse('2026-11-19T23:00:00Z')]);
    expect(series.directions).toEqual(['in', 'out']);
    expect(series.values).toEqual([
      [3, 5],
      [2, null],
    ]);
    expect(series.unit).toBe('pcs');
  });

  it('reads the same instant written with different offsets as one time, and leaves out unreadable times', () => {
    const series = toSeries([row('2026-11-20T00:00:00+02:00', 'in', 1), row('2026-11-19T22:00:00Z', 'out', 4), row('yesterday', 'in', 9)]);
    expect(series.times).toHaveLength(1);
    expect(series.values).toEqual([[1], [4]]);
  });

  it('is empty for no rows', () => {
    expect(toSeries([])).toEqual({ times: [], directions: [], values: [], unit: '' });
  });

  it('counts today as the last of the 7 days (hour by hour), and ends the 90 days yesterday (today is not over)', () => {
    const now = new Date(2026, 10, 23, 15, 30);
    expect(rangeStartDate('week', now)).toBe('2026-11-17');
    expect(rangeStartDate('quarter', now)).toBe('2026-08-25');
  });

  it('asks speeds only of classifying counters', () => {
    expect(measurementTypesOf({ classifying: false })).toEqual(['count']);
    expect(measurementTypesOf({ classifying: true })).toEqual(['count', 'speed']);
  });
});

describe('traffic CSV', () => {
  it('has the service field names, a row per aggregate row per type, unrounded values and a byte order mark', () => {
    const csv = trafficCsv([
      { measurementType: 'count', rows: [row('2026-11-20T00:00:00+02:00', 'in', 3), row('2026-11-20T00:00:00+02:00', 'out', 2)] },
      { measurementType: 'speed', rows: [row('2026-11-20T00:00:00+02:00', 'in', 41.25, 'km/h')] },
    ]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(parseCsv(csv).filter((record) => record.join('') !== '')).toEqual([
      TRAFFIC_CSV_HEADER,
      ['7', 'hour', 'count', '2026-11-20T00:00:00+02:00', 'in', 'pcs', '3'],
      ['7', 'hour', 'count', '2026-11-20T00:00:00+02:00', 'out', 'pcs', '2'],
      ['7', 'hour', 'speed', '2026-11-20T00:00:00+02:00', 'in', 'km/h', '41.25'],
    ]);
  });

  it('quotes a field holding a comma or a quote', () => {
    const csv = trafficCsv([{ measurementType: 'count', rows: [row('2026-11-20T00:00:00+02:00', 'north, "A"', 1)] }]);
    expect(csv).toContain('"north, ""A"""');
    expect(parseCsv(csv)[1]![4]).toBe('north, "A"');
  });

  it('names the file by counter and range', () => {
    expect(trafficCsvFileName(7, 'week')).toBe('counter-7-last-7-days-hourly.csv');
    expect(trafficCsvFileName(7, 'quarter')).toBe('counter-7-last-90-days-daily.csv');
  });
});
