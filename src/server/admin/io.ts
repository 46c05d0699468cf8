import { loadConfig } from '../config';
import { openStore, type Store } from '../storage';

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

/** Runs `run` on the store the server would use (from `env`, validated as the server does), closing it after. */
export async function withStore<T>(env: Env, run: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(loadConfig(env));
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}
