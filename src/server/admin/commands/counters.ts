import { runCounterImport } from '../../counters/import';
import { withStore, type StoreOptions } from '../admin-store';
import { isHelp, usageError as usageOf, type CommandIo, type Env } from '../io';

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
  io: CommandIo,
  env: Env = process.env,
  options: StoreOptions = {},
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'import') {
    if (rest.length === 0) return usageError(io, 'counters import needs at least one FILE.');
    return withStore(env, io, (store) => runCounterImport(rest, store.counters, io), options);
  }
  if (isHelp(command)) return usageError(io);
  return usageError(io, `Unknown counters command "${command}".`);
}

const usageError = (io: CommandIo, problem?: string) => usageOf(io, countersUsage, problem);
