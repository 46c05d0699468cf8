/**
 * The observations import file: CSV (comma or semicolon separated, UTF-8, optional byte-order
 * mark), one value a row, with the real service's field names as the header (any order):
 * `counter_id,datetime,typeofmeasurement,value,source` required, `direction,vehicletype,unit,
 * phenomenondurationseconds` optional. Read by checked-csv.ts; every bad row is named by its line.
 */
import { parseOffsetTimestamp } from '../../counters/time';
import type { ObservationRecord } from '../../storage/repositories/types';
import { readCheckedCsv } from './checked-csv';

export const requiredColumns = ['counter_id', 'datetime', 'typeofmeasurement', 'value', 'source'] as const;
export const optionalColumns = ['direction', 'vehicletype', 'unit', 'phenomenondurationseconds'] as const;
type Row = Record<string, string>;

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const controlCharacters = /[\u0000-\u001f\u007f]/;
const integer = /^[-+]?\d+$/;

export interface ObservationFileResult {
  records: ObservationRecord[];
  problems: string[];
  moreProblems: number;
}

function text(row: Row, column: string, problems: string[], options: { required: boolean; max: number }): string {
  const value = row[column] ?? '';
  if (options.required && value === '') problems.push(`${column} is empty`);
  else if (value.length > options.max) problems.push(`${column} is longer than ${options.max} characters`);
  else if (controlCharacters.test(value)) problems.push(`${column} holds a control character`);
  return value;
}

function whole(row: Row, column: string, fallback: number | undefined, problems: string[], minimum: number): number {
  const value = row[column] ?? '';
  if (value === '' && fallback !== undefined) return fallback;
  const number = Number(value);
  if (!integer.test(value) || !Number.isSafeInteger(number) || number < minimum) {
    problems.push(`${column} must be a whole number${minimum > 0 ? ' above 0' : minimum === 0 ? ' of 0 or more' : ''} (got "${value.slice(0, 30)}")`);
  }
  return number;
}

function toRecord(row: Row): { record?: ObservationRecord; problems: string[] } {
  const problems: string[] = [];
  const counterId = whole(row, 'counter_id', undefined, problems, 1);
  const datetime = parseOffsetTimestamp(row.datetime ?? '');
  if (datetime === undefined) {
    problems.push(`datetime must be an ISO 8601 time with its UTC offset, such as 2025-06-01T08:00:00+03:00 (got "${(row.datetime ?? '').slice(0, 40)}")`);
  }
  const record: ObservationRecord = {
    counterId,
    datetime: datetime ?? 0,
    measurementType: text(row, 'typeofmeasurement', problems, { required: true, max: 32 }),
    value: whole(row, 'value', undefined, problems, Number.MIN_SAFE_INTEGER),
    source: text(row, 'source', problems, { required: true, max: 32 }),
    direction: text(row, 'direction', problems, { required: false, max: 32 }),
    vehicleType: text(row, 'vehicletype', problems, { required: false, max: 32 }),
    unit: text(row, 'unit', problems, { required: false, max: 8 }),
    phenomenonDurationSeconds: whole(row, 'phenomenondurationseconds', 3600, problems, 0),
  };
  return problems.length > 0 ? { problems } : { record, problems };
}

/** Reads and checks the whole file; `progress` hears the number of rows read every 100,000. */
export async function readObservationFile(file: string, progress: (rows: number) => void): Promise<ObservationFileResult> {
  const read = await readCheckedCsv(file, {
    required: requiredColumns,
    optional: optionalColumns,
    rowIs: 'a value',
    check: (row) => {
      const checked = toRecord(row);
      return { item: checked.record, problems: checked.problems };
    },
    progress,
    progressEvery: 100_000,
  });
  return { records: read.items, problems: read.problems, moreProblems: read.moreProblems };
}
