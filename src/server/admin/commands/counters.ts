import { join } from 'node:path';
import { loadConfig } from '../../config';
import { runCounterImport } from '../../counters/import';
import { createSqliteCounterRepository } from '../../counters/sqlite-repository';
import { openDatabase } from '../../storage/database';

export const countersUsage = `Usage: npm run admin -- counters <command>

  counters import FILE [FILE...]   add or update counters (by id) from GeoJSON FeatureCollections or
                                   saved /api/counters/ pages; all files in one transaction: a bad
                                   record anywhere means nothing is imported`;

/**
 * `counters` group of the admin CLI. Exit codes: 0 done, 1 refused or failed, 2 bad usage.
 * `env` is for tests; the CLI passes nothing and the process environment is used.
 */
export async function countersCommand(
  args: string[],
  io: { out: (line: string) => void; err: (line: string) => void },
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'import') {
    if (rest.length === 0) return usageError(io, 'counters import needs at least one FILE.');
    const config = loadConfig(env);
    const db = openDatabase(join(config.DATA_DIR, 'kerro.sqlite'));
    try {
      return await runCounterImport(rest, createSqliteCounterRepository(db), io);
    } finally {
      db.close();
    }
  }
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') return usageError(io);
  return usageError(io, `Unknown counters command "${command}".`);
}

function usageError(io: { err: (line: string) => void; out: (line: string) => void }, message?: string): number {
  if (message) {
    io.err(message);
    io.err(countersUsage);
  } else {
    io.out(countersUsage);
  }
  return 2;
}
