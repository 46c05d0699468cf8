/**
 * The address import file: CSV (comma or semicolon separated, UTF-8, optional byte-order mark),
 * one address point a row, with the header
 * `street_fi,street_sv,number,postal_code,municipality_fi,municipality_sv,lat,long` (any order).
 * Read by checked-csv.ts; every bad row is named by its line.
 */
import type { AddressPoint } from '../../storage/repositories/types';
import { readCheckedCsv } from './checked-csv';

export const addressColumns = ['street_fi', 'street_sv', 'number', 'postal_code', 'municipality_fi', 'municipality_sv', 'lat', 'long'] as const;
type Column = (typeof addressColumns)[number];

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
  const read = await readCheckedCsv(file, {
    required: addressColumns,
    rowIs: 'a point',
    check: (row) => {
      const checked = toPoint(row as Record<Column, string>, source);
      return { item: checked.point, problems: checked.problems };
    },
    progress,
    progressEvery: 10_000,
  });
  return { points: read.items, problems: read.problems, moreProblems: read.moreProblems };
}
