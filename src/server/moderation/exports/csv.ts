/**
 * CSV as RFC 4180 writes it: fields with a comma, quote or line break in double quotes, quotes
 * doubled, CRLF between records. Written here because csv-parse's sibling csv-stringify is not
 * installed, and the rule is this one function.
 */
export type CsvValue = string | number | null;

/**
 * A text a spreadsheet would run as a formula (=, +, -, @, or a tab or CR first) gets a leading
 * apostrophe: residents write these texts, moderators open the file (OWASP "CSV injection").
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
