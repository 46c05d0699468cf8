/** The stderr line every command on the store prints first, naming the database (admin-store.ts). */
export const storeAnnouncement = /^Using (the|a new empty) (SQLite|PostgreSQL) database /;

/**
 * The lines an admin command prints, through the io it is given. `err` holds stderr less the
 * announcement of the database used, which goes to `announced`: a test of what a command says
 * reads `err`, a test of which database it used reads `announced`. `clear()` empties them before
 * a run, keeping the same arrays, so a test reads those of the last run.
 */
export function printedLines() {
  const out: string[] = [];
  const err: string[] = [];
  const announced: string[] = [];
  return {
    out,
    err,
    announced,
    io: {
      out: (line: string) => out.push(line),
      err: (line: string) => (storeAnnouncement.test(line) ? announced : err).push(line),
    },
    clear() {
      out.length = 0;
      err.length = 0;
      announced.length = 0;
    },
  };
}
