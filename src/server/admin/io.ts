import { readFile } from 'node:fs/promises';
/** Where commands write; lines without trailing newlines. Tests pass arrays, the CLI the real streams. */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

export type Env = Record<string, string | undefined>;

export const isHelp = (arg: string | undefined) => arg === undefined || arg === '--help' || arg === '-h' || arg === 'help';

/** Asked-for help goes to stdout, a mistake's usage to stderr; both exit 2 so scripts notice. */
export function usageError(io: CommandIo, usage: string, problem?: string): number {
  if (problem) {
    io.err(problem);
    io.err(usage);
  } else {
    io.out(usage);
  }
  return 2;
}

/** Rows as aligned columns, two spaces apart; the first row is the heading. */
export function printTable(io: CommandIo, rows: readonly (readonly string[])[]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) io.out(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd());
}

/** A duration for people: 45s, 12m, 3h, 2d. */
export function age(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 120 * 60) return `${Math.round(seconds / 60)}m`;
  if (seconds < 48 * 3600) return `${Math.round(seconds / 3600)}h`;
  return `${Math.round(seconds / 86_400)}d`;
}

/** An error as one table cell: whitespace runs (line breaks too) as one space, at most 120 characters. */
export const oneLine = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').slice(0, 120);

/**
 * An all-or-nothing import's file, read and checked whole by `parse`: undefined, having said why
 * on stderr, when it cannot be read or anything in it is wrong, so that nothing is stored.
 */
export async function readCheckedFile<Parsed extends { problems: string[] }>(file: string, io: CommandIo, parse: (text: string) => Parsed): Promise<Parsed | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    io.err(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return undefined;
  }
  const parsed = parse(text);
  if (parsed.problems.length === 0) return parsed;
  parsed.problems.forEach((problem) => io.err(problem));
  io.err('Nothing was imported: fix the problems above and run the import again.');
  return undefined;
}

