/**
 * The counters CSV a person downloads, made from the service's own CSV (format=csv, the pages
 * joined): the rows shown in the table or all of them, a column with the municipality's name
 * beside its code, and a UTF-8 byte order mark first, without which Excel in a Finnish (or any
 * non-UTF-8) setting opens "ä" as "Ã¤". The service's rows are kept as it wrote them.
 */

/** The byte order mark: U+FEFF, written first, as the bytes EF BB BF. */
export const UTF8_BOM = '\uFEFF';

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let index = text.startsWith(UTF8_BOM) ? 1 : 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') endField();
    else if (char === '\r' && text[index + 1] === '\n') {
      endRecord();
      index += 1;
    } else if (char === '\n') endRecord();
    else field += char;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** The service's quoting rule (src/server/counters/csv.ts): quotes only when a field needs them. */
function quoteField(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/** Lines of fields as one CSV file for spreadsheets: a byte order mark first (for Excel), CRLF line ends. */
export function csvText(lines: readonly (readonly string[])[]): string {
  return UTF8_BOM + lines.map((fields) => `${fields.map(quoteField).join(',')}\r\n`).join('');
}

export interface CountersCsvOptions {
  /** The counters to keep, in this order; all rows when absent. */
  ids?: readonly number[];
  /** The name of a municipality code, in the UI language. */
  municipalityName: (code: string) => string;
}

export const MUNICIPALITY_NAME_COLUMN = 'municipalityName';

export function countersCsv(serviceCsv: string, { ids, municipalityName }: CountersCsvOptions): string {
  // A blank line is no counter.
  const [header = [], ...rows] = parseCsv(serviceCsv).filter((record) => !(record.length === 1 && record[0] === ''));
  const idColumn = header.indexOf('id');
  const codeColumn = header.indexOf('municipalityCode');
  let kept = rows;
  if (ids) {
    if (idColumn === -1) throw new Error('the counters CSV has no id column to choose rows by');
    const byId = new Map(rows.map((row) => [Number(row[idColumn]), row]));
    kept = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  }
  const withName = (row: string[], name: (code: string) => string) =>
    codeColumn === -1 ? row : [...row.slice(0, codeColumn + 1), name(row[codeColumn] ?? ''), ...row.slice(codeColumn + 1)];
  const lines = [withName(header, () => MUNICIPALITY_NAME_COLUMN), ...kept.map((row) => withName(row, municipalityName))];
  return csvText(lines);
}
