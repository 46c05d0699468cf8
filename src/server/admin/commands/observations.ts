/**
 * `npm run admin -- observations import FILE`: counter observations from a CSV file
 * (observation-csv.ts). All or nothing: every row is checked first and one bad row imports
 * nothing; the rows then go in as one transaction. A value already stored for the same counter,
 * measurement type, direction, vehicle type and time is replaced.
 */
import type { Repositories } from '../../storage/repositories/types';
import { isHelp, usageError, type CommandIo } from '../io';
import { optionalColumns, readObservationFile, requiredColumns } from './observation-csv';

export const observationsUsage = `Usage: npm run admin -- observations import FILE

import  reads a CSV file of counter observations, one value a row, with the header
          ${requiredColumns.join(',')}
        and optionally ${optionalColumns.join(',')}
        (UTF-8, comma or semicolon separated; datetime ISO 8601 with its offset, such as
        2025-06-01T08:00:00+03:00; value a whole number; duration 3600 when absent). Every row is
        checked first; one bad row and nothing is imported. A value stored again for the same
        counter, measurement type, direction, vehicle type and time replaces the old one.`;

const formatCount = (n: number) => n.toLocaleString('en-US');

export async function observationsCommand(args: string[], io: CommandIo, repositories: Pick<Repositories, 'observations'>): Promise<number> {
  const [command, ...files] = args;
  if (isHelp(command)) return usageError(io, observationsUsage);
  if (command !== 'import') return usageError(io, observationsUsage, `Unknown observations command "${command}".`);
  if (files.length !== 1) return usageError(io, observationsUsage, 'observations import needs exactly one FILE.');
  const file = files[0]!;
  const started = Date.now();
  io.out(`Reading ${file} …`);
  const read = await readObservationFile(file, (rows) => io.out(`  read ${formatCount(rows)} rows`));
  if (read.problems.length > 0) {
    read.problems.forEach((problem) => io.err(problem));
    if (read.moreProblems > 0) io.err(`… and ${formatCount(read.moreProblems)} more bad rows.`);
    io.err('Nothing was imported: fix the rows above and run the import again.');
    return 1;
  }
  if (read.records.length === 0) {
    io.err(`${file} has the header but no rows: nothing was imported.`);
    return 1;
  }
  io.out(`Storing ${formatCount(read.records.length)} observations …`);
  await repositories.observations.upsertMany(read.records);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  io.out(`Imported ${formatCount(read.records.length)} observations from ${file} in ${seconds} s.`);
  return 0;
}
