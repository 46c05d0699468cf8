/**
 * The lines an admin command prints, through the io it is given. `clear()` empties them before a
 * run, keeping the same arrays, so a test reads `out` and `err` of the last run.
 */
export function printedLines() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) },
    clear() {
      out.length = 0;
      err.length = 0;
    },
  };
}
