/**
 * `npm run admin -- addresses import FILE [--source NAME]`: loads the address registry the
 * embedded geocoder searches from a CSV file (address-csv.ts). All or nothing: one bad row and
 * nothing changes. An import replaces the points of its source and every demo point.
 */
import type { Repositories } from '../../storage/repositories/types';
import { isHelp, usageError, type CommandIo } from '../io';
import { addressColumns, readAddressFile } from './address-csv';

export const addressesUsage = `Usage: npm run admin -- addresses import FILE [--source NAME]
       npm run admin -- addresses count

import  reads a CSV file of address points, one a row, with the header
          ${addressColumns.join(',')}
        (UTF-8, comma or semicolon separated; lat/long in WGS84 degrees with a decimal point;
        street and municipality names in Finnish and Swedish, one of each may be empty). Every
        row is checked first; one bad row and nothing is imported. The points replace those of
        the same source (default "import"; name another with --source to keep several files side
        by side, e.g. --source espoo) and every demo point.
count   prints the points per source.`;

const sourceName = /^[a-z0-9][a-z0-9_-]{0,39}$/;

function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export async function addressesCommand(args: string[], io: CommandIo, repositories: Pick<Repositories, 'addresses'>): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'count') {
    const counts = await repositories.addresses.countBySource();
    const sources = Object.keys(counts);
    if (sources.length === 0) io.out('The address registry is empty.');
    for (const source of sources) io.out(`${source}: ${formatCount(counts[source]!)} points`);
    return 0;
  }
  if (isHelp(command)) return usageError(io, addressesUsage);
  if (command !== 'import') return usageError(io, addressesUsage, `Unknown addresses command "${command}".`);

  let source = 'import';
  const files: string[] = [];
  for (let index = 0; index < rest.length; index += 1) {
    if (rest[index] === '--source') source = rest[++index] ?? '';
    else files.push(rest[index]!);
  }
  if (files.length !== 1) return usageError(io, addressesUsage, 'addresses import needs exactly one FILE.');
  if (!sourceName.test(source) || source === 'demo') {
    return usageError(io, addressesUsage, `--source must be a short name of lower-case letters, digits, - and _ (not "demo"), such as helsinki; got "${source}".`);
  }
  const file = files[0]!;
  const started = Date.now();
  io.out(`Reading ${file} …`);
  const read = await readAddressFile(file, source, (rows) => io.out(`  read ${formatCount(rows)} rows`));
  if (read.problems.length > 0) {
    read.problems.forEach((problem) => io.err(problem));
    if (read.moreProblems > 0) io.err(`… and ${formatCount(read.moreProblems)} more bad rows.`);
    io.err('Nothing was imported: fix the rows above and run the import again.');
    return 1;
  }
  if (read.points.length === 0) {
    io.err(`${file} has the header but no rows: nothing was imported.`);
    return 1;
  }
  const before = await repositories.addresses.countBySource();
  io.out(`Storing ${formatCount(read.points.length)} points as source "${source}" (replacing ${formatCount(before[source] ?? 0)} of that source and ${formatCount(before.demo ?? 0)} demo points) …`);
  const report = await repositories.addresses.replace([source, 'demo'], read.points, (stored) => io.out(`  stored ${formatCount(stored)} of ${formatCount(read.points.length)}`));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  io.out(`Imported ${formatCount(report.added)} address points from ${file} (source "${source}"), removed ${formatCount(report.removed)}, in ${seconds} s.`);
  return 0;
}
