/**
 * The admin command line: `npm run admin -- <group> <command> [args]`.
 * Exit codes: 0 done, 1 refused or failed, 2 bad usage (including --help).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config';
import { addressesCommand } from './commands/addresses';
import { apikeyCommand } from './commands/apikey';
import { bodiesCommand } from './commands/bodies';
import { countersCommand } from './commands/counters';
import { dbCommand } from './commands/db';
import { moderatorCommand } from './commands/moderator';
import { observationsCommand } from './commands/observations';
import { outboxCommand } from './commands/outbox';
import { sendDueNow } from './commands/outbox-send-now';
import { serviceObjectsCommand } from './commands/service-objects';
import { servicesCommand } from './commands/services';
import { isHelp, usageError, withStore, type CommandIo, type Env } from './io';

export const usage = `Usage: npm run admin -- <group> <command> [args]

  apikey create NAME       issue an API key for a GeoReport client (printed once, last line)
  apikey list              list API keys without the keys themselves
  apikey revoke ID|NAME    revoke a key by id, or every active key with that name
  bodies import|list|remove|sends|retry  the bodies of a region: areas, jurisdiction_ids, service lists, reports sent to their case systems (more: npm run admin -- bodies --help)
  counters import FILE...  import counters from GeoJSON files (more: npm run admin -- counters --help)
  services import|list|remove|archive|restore  a city's own service types from its GeoReport services.json answers (more: npm run admin -- services --help)
  service-objects import FILE...  import service objects (parks, toilets, …) from GeoJSON files
  observations import FILE  import counter observations from a CSV file (more: npm run admin -- observations --help)
  addresses import FILE    load the geocoder's address registry from a CSV file (more: npm run admin -- addresses --help)
  moderator add|password|bodies|disable|enable|list  moderator accounts (more: npm run admin -- moderator --help)
  outbox list|retry|purge|send-now  the email backlog: what waits, what was given up and why (more: npm run admin -- outbox --help)
  db migrate               bring the database schema up to date and exit (the first step of an upgrade)
  db copy --to URL         copy this SQLite installation into an empty PostgreSQL database (more: npm run admin -- db --help)

Settings come from the environment as for the server (DATA_DIR, DATABASE_URL, …).`;

type Group = (args: string[], io: CommandIo, env: Env) => Promise<number>;

const groups: Record<string, Group> = {
  apikey: (args, io, env) =>
    withStore(env, (store) => apikeyCommand(args, io, store, Date.now())),
  bodies: (args, io, env) => withStore(env, (store) => bodiesCommand(args, io, store, Date.now())),
  counters: (args, io, env) => countersCommand(args, io, env),
  services: (args, io, env) => withStore(env, (store) => servicesCommand(args, io, store)),
  'service-objects': (args, io, env) =>
    withStore(env, (store) => serviceObjectsCommand(args, io, store, loadConfig(env).SERVICE_OBJECT_TYPE)),
  addresses: (args, io, env) => withStore(env, (store) => addressesCommand(args, io, store)),
  observations: (args, io, env) => withStore(env, (store) => observationsCommand(args, io, store)),
  moderator: (args, io, env) => moderatorCommand(args, io, env),
  db: (args, io, env) => dbCommand(args, io, env),
  outbox: (args, io, env) =>
    withStore(env, (store) => outboxCommand(args, io, store.outbox, Date.now(), () => sendDueNow(store.outbox, loadConfig(env), io))),
};

export async function runAdmin(
  argv: readonly string[],
  io: CommandIo,
  env: Env = process.env,
): Promise<number> {
  const [groupName, ...args] = argv;
  if (isHelp(groupName)) return usageError(io, usage);
  const group = Object.hasOwn(groups, groupName!) ? groups[groupName!] : undefined;
  if (!group) return usageError(io, usage, `Unknown command group "${groupName}".`);
  try {
    return await group(args, io, env);
  } catch (error) {
    io.err(error instanceof ConfigError ? error.message : `Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

const invokedDirectly = process.argv[1] !== undefined && pathToFileURL(resolve(process.argv[1])).href === import.meta.url;

if (invokedDirectly) {
  const io: CommandIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
  // exitCode rather than exit(): lets stdout drain when piped.
  runAdmin(process.argv.slice(2), io).then((code) => {
    process.exitCode = code;
  });
}
