/**
 * Reading an import file: CSV (comma or semicolon separated, UTF-8, optional byte-order mark) with
 * a header naming its columns in any order, one item a row. Read with csv-parse as a stream; each
 * row is checked by the caller, and every bad row is named by its line.
 */
import { open } from 'node:fs/promises';
import { CsvError, parse } from 'csv-parse';

/** Problems listed before the rest are only counted. */
const MAX_PROBLEMS = 20;

export interface CheckedCsvOptions<T> {
  /** Columns every file must have, and those it may have. */
  required: readonly string[];
  optional?: readonly string[];
  /** What one row is called in the empty-file message ("a point", "a value"). */
  rowIs: string;
  /** Checks one row (keyed by lower-case column name): its item, or what is wrong with it. */
  check: (row: Record<string, string>) => { item?: T; problems: string[] };
  /** Hears the number of rows read every `progressEvery` rows, and once at the end. */
  progress: (rows: number) => void;
  progressEvery: number;
}

export interface CheckedCsvResult<T> {
  items: T[];
  problems: string[];
  /** Bad rows beyond those listed. */
  moreProblems: number;
}

/** Reads and checks the whole file; nothing is stored here, so a caller stores all or nothing. */
export async function readCheckedCsv<T>(file: string, options: CheckedCsvOptions<T>): Promise<CheckedCsvResult<T>> {
  const optional = options.optional ?? [];
  const known = [...options.required, ...optional];
  const items: T[] = [];
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
    // Opened first, so a missing or unreadable file fails here, not inside the stream.
    input = (await open(file)).createReadStream();
    const parser = input.pipe(parse({ bom: true, delimiter: [',', ';'], trim: true, skip_empty_lines: true, info: true }));
    input.on('error', (error) => parser.destroy(error));
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = record.map((name) => name.toLowerCase());
        const missing = options.required.filter((column) => !header!.includes(column));
        const unknown = header.filter((name) => !known.includes(name));
        if (missing.length > 0 || unknown.length > 0) {
          const may = optional.length > 0 ? ` (and may name ${optional.join(',')})` : '';
          report(info.lines, `the header must name the columns ${options.required.join(',')}${may}${missing.length > 0 ? `; missing: ${missing.join(', ')}` : ''}${unknown.length > 0 ? `; not known: ${unknown.join(', ')}` : ''}`);
          break;
        }
        continue;
      }
      rows += 1;
      const row = Object.fromEntries(header.map((name, index) => [name, record[index] ?? '']));
      const checked = options.check(row);
      if (checked.item !== undefined) items.push(checked.item);
      else report(info.lines, checked.problems.join('; '));
      if (rows % options.progressEvery === 0) options.progress(rows);
    }
  } catch (error) {
    if (!(error instanceof CsvError) && (error as NodeJS.ErrnoException).code === undefined) throw error;
    const message = error instanceof CsvError ? error.message : `cannot be read (${(error as NodeJS.ErrnoException).code})`;
    const line = (error as { lines?: number }).lines;
    if (line !== undefined) report(line, message);
    else problems.push(`${file}: ${message}`);
  } finally {
    // Closes the file when the reading stopped early (a bad header, a parse error).
    input?.destroy();
  }
  if (!header && problems.length === 0) problems.push(`${file}: the file is empty; it needs the header ${options.required.join(',')} and one row ${options.rowIs}`);
  if (rows % options.progressEvery !== 0) options.progress(rows);
  return { items, problems, moreProblems };
}
