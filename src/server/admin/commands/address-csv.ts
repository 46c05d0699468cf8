/**
 * The address import file: CSV (comma or semicolon separated, UTF-8, optional byte-order mark),
 * one address point a row, with the header
 * `street_fi,street_sv,number,postal_code,municipality_fi,municipality_sv,lat,long` (any order).
 * Read with csv-parse as a stream; every bad row is named by its line.
 */
import { open } from 'node:fs/promises';
import { CsvError, parse } from 'csv-parse';
import type { AddressPoint } from '../../storage/repositories/types';

export const addressColumns = ['street_fi', 'street_sv', 'number', 'postal_code', 'municipality_fi', 'municipality_sv', 'lat', 'long'] as const;
type Column = (typeof addressColumns)[number];

/** Problems listed before the rest are only counted. */
const MAX_PROBLEMS = 20;

export interface AddressFileResult {
  points: AddressPoint[];
  problems: string[];
  /** Bad rows beyond those listed. */
  moreProblems: number;
}

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const controlCharacters = /[\u0000-\u001f\u007f]/;
const decimal = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

function checkText(row: Record<Column, string>, column: Column, max: number, problems: string[]): void {
  const value = row[column];
  if (value.length > max) problems.push(`${column} is longer than ${max} characters`);
  else if (controlCharacters.test(value)) problems.push(`${column} holds a control character`);
}

function coordinate(row: Record<Column, string>, column: 'lat' | 'long', limit: number, problems: string[]): number {
  const text = row[column];
  const value = Number(text);
  if (!decimal.test(text) || Math.abs(value) > limit) {
    const example = column === 'lat' ? '60.1699' : '24.9384';
    problems.push(`${column} must be a decimal number from -${limit} to ${limit} with a point, such as ${example} (got "${text.slice(0, 30)}")`);
  }
  return value;
}

/** One row checked; the problems say what to fix. */
function toPoint(row: Record<Column, string>, source: string): { point?: AddressPoint; problems: string[] } {
  const problems: string[] = [];
  for (const column of ['street_fi', 'street_sv', 'municipality_fi', 'municipality_sv'] as const) checkText(row, column, 200, problems);
  checkText(row, 'number', 20, problems);
  checkText(row, 'postal_code', 10, problems);
  if (!row.street_fi && !row.street_sv) problems.push('street_fi and street_sv are both empty: a point needs its street name in at least one');
  if (!row.municipality_fi && !row.municipality_sv) problems.push('municipality_fi and municipality_sv are both empty: a point needs its municipality');
  if (!/^\d/.test(row.number)) problems.push(`number must start with a digit, such as 30 or 12 A (got "${row.number.slice(0, 30)}")`);
  const lat = coordinate(row, 'lat', 90, problems);
  const long = coordinate(row, 'long', 180, problems);
  if (problems.length > 0) return { problems };
  return { point: { ...row, lat, long, source }, problems };
}

/** Reads and checks the whole file; `progress` hears the number of rows read every 10,000. */
export async function readAddressFile(file: string, source: string, progress: (rows: number) => void): Promise<AddressFileResult> {
  const points: AddressPoint[] = [];
  const problems: string[] = [];
  let moreProblems = 0;
  const report = (line: number | string, text: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(`${file} line ${line}: ${text}`);
    else moreProblems += 1;
  };
  let header: string[] | undefined;
  let rows = 0;
  let input: ReturnType<Awaited<ReturnType<typeof open>>['createReadStream']> | undefined;
  try {
    // Opened first, so a missing or unreadable file fails here, not inside the stream.
    input = (await open(file)).createReadStream();
    const parser = input.pipe(parse({ bom: true, delimiter: [',', ';'], trim: true, skip_empty_lines: true, info: true }));
    input.on('error', (error) => parser.destroy(error));
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = record.map((name) => name.toLowerCase());
        const missing = addressColumns.filter((column) => !header!.includes(column));
        const unknown = header.filter((name) => !(addressColumns as readonly string[]).includes(name));
        if (missing.length > 0 || unknown.length > 0) {
          report(info.lines, `the header must name the columns ${addressColumns.join(',')}${missing.length > 0 ? `; missing: ${missing.join(', ')}` : ''}${unknown.length > 0 ? `; not known: ${unknown.join(', ')}` : ''}`);
          break;
        }
        continue;
      }
      rows += 1;
      const row = Object.fromEntries(header.map((name, index) => [name, record[index] ?? ''])) as Record<Column, string>;
      const checked = toPoint(row, source);
      if (checked.point) points.push(checked.point);
      else report(info.lines, checked.problems.join('; '));
      if (rows % 10_000 === 0) progress(rows);
    }
  } catch (error) {
    if (!(error instanceof CsvError) && (error as NodeJS.ErrnoException).code === undefined) throw error;
    const text = error instanceof CsvError ? error.message : `cannot be read (${(error as NodeJS.ErrnoException).code})`;
    const line = (error as { lines?: number }).lines;
    if (line !== undefined) report(line, text);
    else problems.push(`${file}: ${text}`);
  } finally {
    // Closes the file when the reading stopped early (a bad header, a parse error).
    input?.destroy();
  }
  if (!header && problems.length === 0) problems.push(`${file}: the file is empty; it needs the header ${addressColumns.join(',')} and one row a point`);
  if (rows % 10_000 !== 0) progress(rows);
  return { points, problems, moreProblems };
}
