import { join } from 'node:path';
import { loadConfig } from '../../config';
import { copySqliteToPostgres, CopyRefused } from '../../storage/copy-to-postgres';
import { sqliteFileOf } from '../../storage';
import { announceStore, withStore, type StoreOptions } from '../admin-store';
import { isHelp, usageError as usageOf, type CommandIo, type Env } from '../io';

export const dbUsage = `Usage: npm run admin -- db migrate
       npm run admin -- db copy --to postgres://USER:PASSWORD@HOST:PORT/DATABASE [--media-dir DIR]

  db migrate         bring the configured database's schema up to this Kerro's, then exit: the
                     first step of a rolling upgrade, before any instance runs the new version
                     (see README, "Upgrading"). Instances also do it at start.

  db copy --to URL   copy this installation's SQLite database (DATA_DIR/kerro.sqlite) and its
                     photos into an EMPTY PostgreSQL + PostGIS database, keeping every id, key
                     hash, password hash, audit row and queued email; then verify row counts and
                     checksums table by table. Photos go into the database, or into DIR with
                     --media-dir (then run the instances with MEDIA_DIR=DIR). Refuses a target
                     that already holds data.

Stop the server first, so nothing is written to the SQLite file during the copy.
Both refuse a DATA_DIR without a database (a mistyped path) unless given --create.`;

/** `db` group of the admin CLI. Exit codes: 0 copied and verified, 1 refused or failed, 2 bad usage. */
export async function dbCommand(args: string[], io: CommandIo, env: Env = process.env, options: StoreOptions = {}): Promise<number> {
  const [command, ...rest] = args;
  if (isHelp(command)) return usageError(io);
  if (command === 'migrate') {
    if (rest.length > 0) return usageError(io, 'db migrate takes no arguments.');
    // Opening the store runs the migrations (one instance at a time, under the schema lock).
    return withStore(env, io, async () => {
      io.out('The database schema is up to date.');
      return 0;
    }, options);
  }
  if (command !== 'copy') return usageError(io, `Unknown db command "${command}".`);
  const targetUrl = optionValue(rest, '--to');
  const targetMediaDirectory = optionValue(rest, '--media-dir');
  if (!targetUrl || !/^postgres(ql)?:\/\//i.test(targetUrl)) return usageError(io, 'db copy needs --to postgres://… (the target PostgreSQL database).');

  const config = loadConfig({ ...env, DATABASE_URL: undefined });
  // The copy's source: a mistyped DATA_DIR must not become an empty database copied "successfully".
  if (!(await announceStore(config, io, options))) return 1;
  try {
    const report = await copySqliteToPostgres({
      sqliteFile: sqliteFileOf(config),
      sqliteMediaDirectory: config.MEDIA_DIR ?? join(config.DATA_DIR, 'media'),
      targetUrl,
      targetMediaDirectory,
      progress: (line) => io.out(line),
    });
    io.out('Copied and verified:');
    for (const table of report.tables) io.out(`  ${table.name.padEnd(26)} ${String(table.rows).padStart(9)} rows  checksum ${table.checksum}`);
    io.out(`  photos                     ${String(report.photos).padStart(9)}`);
    io.out('Now start Kerro with DATABASE_URL set to the target.');
    return 0;
  } catch (error) {
    io.err(error instanceof CopyRefused ? error.message : `db copy failed, nothing was kept in the target: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** `--name VALUE` or `--name=VALUE`. */
function optionValue(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index >= 0) return args[index + 1];
  return args.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

const usageError = (io: CommandIo, problem?: string) => usageOf(io, dbUsage, problem);
