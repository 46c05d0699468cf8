/**
 * The observations import file: CSV (comma or semicolon separated, UTF-8, optional byte-order
 * mark), one value a row, with the real service's field names as the header (any order):
 * `counter_id,datetime,typeofmeasurement,value,source` required, `direction,vehicletype,unit,
 * phenomenondurationseconds` optional. Read with csv-parse as a stream; every bad row is named by
 * its line.
 */
import { open } from 'node:fs/promises';
import { CsvError, parse } from 'csv-parse';
import { parseOffsetTimestamp } from '../../counters/time';
import type { ObservationRecord } from '../../storage/repositories/types';

export const requiredColumns = ['counter_id', 'datetime', 'typeofmeasurement', 'value', 'source'] as const;
export const optionalColumns = ['direction', 'vehicletype', 'unit', 'phenomenondurationseconds'] as const;
const knownColumns: readonly string[] = [...requiredColumns, ...optionalColumns];
type Row = Record<string, string>;

const MAX_PROBLEMS = 20;
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
  const records: ObservationRecord[] = [];
  const problems: string[] = [];
  let moreProblems = 0;
  const report = (line: number | string, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(`${file} line ${line}: ${message}`);
    else moreProblems += 1;
  };
  let header: string[] | undefined;
  let rows = 0;
  let input: ReturnType<Awaited<ReturnType<typeof open>>['createReadStream']> | undefined;
  try {
    input = (await open(file)).createReadStream();
    const parser = input.pipe(parse({ bom: true, delimiter: [',', ';'], trim: true, skip_empty_lines: true, info: true }));
    input.on('error', (error) => parser.destroy(error));
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = record.map((name) => name.toLowerCase());
        const missing = requiredColumns.filter((column) => !header!.includes(column));
        const unknown = header.filter((name) => !knownColumns.includes(name));
        if (missing.length > 0 || unknown.length > 0) {
          report(info.lines, `the header must name the columns ${requiredColumns.join(',')} (and may name ${optionalColumns.join(',')})${missing.length > 0 ? `; missing: ${missing.join(', ')}` : ''}${unknown.length > 0 ? `; not known: ${unknown.join(', ')}` : ''}`);
          break;
        }
        continue;
      }
      rows += 1;
      const row = Object.fromEntries(header.map((name, index) => [name, record[index] ?? '']));
      const checked = toRecord(row);
      if (checked.record) records.push(checked.record);
      else report(info.lines, checked.problems.join('; '));
      if (rows % 100_000 === 0) progress(rows);
    }
  } catch (error) {
    if (!(error instanceof CsvError) && (error as NodeJS.ErrnoException).code === undefined) throw error;
    const message = error instanceof CsvError ? error.message : `cannot be read (${(error as NodeJS.ErrnoException).code})`;
    const line = (error as { lines?: number }).lines;
    if (line !== undefined) report(line, message);
    else problems.push(`${file}: ${message}`);
  } finally {
    input?.destroy();
  }
  if (!header && problems.length === 0) problems.push(`${file}: the file is empty; it needs the header ${requiredColumns.join(',')} and one row a value`);
  if (rows % 100_000 !== 0) progress(rows);
  return { records, problems, moreProblems };
}
