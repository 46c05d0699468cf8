/**
 * CSV as the real service's renderer (djangorestframework-csv) writes it: each row an object
 * flattened to one column per nested key with dotted names (`geometry.coordinates.0`), the
 * serializer's own snake_case names (that renderer does not camelCase), the columns sorted,
 * Python's `True`/`False`, null as an empty field, CRLF rows, no header for no rows. Kerro's own
 * text safety stays: free text starting like a formula gets a leading `'`.
 */
import { pythonFloat } from './python-float';
import { snakeCaseName } from './query-string';

export type FlatRow = Record<string, string>;

/** RFC 4180: a field with a comma, quote or line break goes in quotes, quotes doubled. */
function quoteField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/**
 * Free text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe (OWASP "CSV injection"). Numbers are never free text, so a negative
 * longitude stays a number.
 */
function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Free text as a CSV field: formula-neutralised, then quoted when it must be. */
export const csvText = (value: string) => quoteField(neutraliseFormula(value));

export const pythonBool = (value: boolean) => (value ? 'True' : 'False');

/** A JSON value as Python's str() writes the serializer's value into a field. */
function fieldOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return pythonBool(value);
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : pythonFloat(value);
  return csvText(String(value));
}

/** One object of the answer flattened, its keys back in the serializer's snake_case. */
export function flatRow(value: unknown): FlatRow {
  const row: FlatRow = {};
  const walk = (item: unknown, prefix: string) => {
    if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) walk(inner, prefix === '' ? snakeCaseName(key) : `${prefix}.${snakeCaseName(key)}`);
    } else row[prefix] = fieldOf(item);
  };
  walk(value, '');
  return row;
}

/** The table: sorted column names, then one CRLF row each; nothing at all for no rows. */
export function drfCsv(rows: readonly FlatRow[]): string {
  if (rows.length === 0) return '';
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].sort();
  const lines = [columns.join(','), ...rows.map((row) => columns.map((column) => row[column] ?? '').join(','))];
  return lines.map((line) => `${line}\r\n`).join('');
}
