/**
 * The admin command line: `npm run admin -- <group> <command> [args]`.
 * Exit codes: 0 done, 1 refused or failed, 2 bad usage (including --help).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from '../config';
import { addressesCommand, addressesUsage } from './commands/addresses';
import { apikeyCommand, apikeyUsage } from './commands/apikey';
import { bodiesCommand, bodiesUsage } from './commands/bodies';
import { notOursCommand, notOursUsage } from './commands/not-ours';
import { assetsCommand, assetsUsage } from './commands/assets';
import { countersCommand } from './commands/counters';
import { dbCommand } from './commands/db';
import { moderatorCommand } from './commands/moderator';
import { observationsCommand, observationsUsage } from './commands/observations';
import { outboxCommand, outboxUsage } from './commands/outbox';
import { sendDueNow } from './commands/outbox-send-now';
import { serviceObjectsCommand, serviceObjectsUsage } from './commands/service-objects';
import { servicesCommand, servicesUsage } from './commands/services';
import { createOption, takeCreateOption, withStore, type StoreOptions } from './admin-store';
import { isHelp, usageError, type CommandIo, type Env } from './io';
import type { Store } from '../storage';

export const usage = `Usage: npm run admin -- <group> <command> [args]

  apikey create NAME       issue an API key for a GeoReport client (printed once, last line)
  apikey list              list API keys without the keys themselves
  apikey revoke ID|NAME    revoke a key by id, or every active key with that name
  bodies import|list|remove|sends|retry  the bodies of a region: areas, jurisdiction_ids, service lists, reports sent to their case systems (more: npm run admin -- bodies --help)
  not-ours import|list     places someone else maintains (a state road, a railway) and whom to contact there (more: npm run admin -- not-ours --help)
  assets import|list       the city's own assets a report is about (street lights, bins) from its map service (more: npm run admin -- assets --help)
  counters import FILE...  import counters from GeoJSON files (more: npm run admin -- counters --help)
  services import|list|remove|archive|restore  a city's own service types from its GeoReport services.json answers (more: npm run admin -- services --help)
  service-objects import FILE...  import service objects (parks, toilets, …) from GeoJSON files
  observations import FILE  import counter observations from a CSV file (more: npm run admin -- observations --help)
  addresses import FILE    load the geocoder's address registry from a CSV file (more: npm run admin -- addresses --help)
  moderator add|password|bodies|disable|enable|list  moderator accounts (more: npm run admin -- moderator --help)
  outbox list|retry|purge|send-now  the email backlog: what waits, what was given up and why (more: npm run admin -- outbox --help)
  db migrate               bring the database schema up to date and exit (the first step of an upgrade)
  db copy --to URL         copy this SQLite installation into an empty PostgreSQL database (more: npm run admin -- db --help)

Settings come from the environment, as for the server (DATA_DIR, DATABASE_URL, …; no .env file is
read): run the commands with the server's. Each says on stderr which database it uses, and refuses
to make a new empty SQLite database where DATA_DIR holds none unless given ${createOption} (anywhere).`;

type Group = (args: string[], io: CommandIo, env: Env, options: StoreOptions) => Promise<number>;

/** A group that works on the store; its help is printed without opening one, so it needs no database. */
const onStore =
  (usage: string, run: (args: string[], io: CommandIo, store: Store, env: Env) => Promise<number>): Group =>
  async (args, io, env, options) =>
    isHelp(args[0]) || args.includes('--help') ? usageError(io, usage) : withStore(env, io, (store) => run(args, io, store, env), options);

const groups: Record<string, Group> = {
  apikey: onStore(apikeyUsage, (args, io, store) => apikeyCommand(args, io, store, Date.now())),
  bodies: onStore(bodiesUsage, (args, io, store, env) => bodiesCommand(args, io, store, Date.now(), loadConfig(env).TZ_NAME)),
  counters: (args, io, env, options) => countersCommand(args, io, env, options),
  'not-ours': onStore(notOursUsage, (args, io, store) => notOursCommand(args, io, store)),
  assets: onStore(assetsUsage, (args, io, store) => assetsCommand(args, io, store)),
  services: onStore(servicesUsage, (args, io, store) => servicesCommand(args, io, store)),
  'service-objects': onStore(serviceObjectsUsage, (args, io, store, env) =>
    serviceObjectsCommand(args, io, store, loadConfig(env).SERVICE_OBJECT_TYPE),
  ),
  addresses: onStore(addressesUsage, (args, io, store) => addressesCommand(args, io, store)),
  observations: onStore(observationsUsage, (args, io, store) => observationsCommand(args, io, store)),
  moderator: (args, io, env, options) => moderatorCommand(args, io, env, undefined, options),
  db: (args, io, env, options) => dbCommand(args, io, env, options),
  outbox: onStore(outboxUsage, (args, io, store, env) =>
    outboxCommand(args, io, store.outbox, Date.now(), () => sendDueNow(store.outbox, loadConfig(env), io)),
  ),
};

export async function runAdmin(
  argv: readonly string[],
  io: CommandIo,
  env: Env = process.env,
): Promise<number> {
  // Taken out before a group reads its arguments, so no group mistakes it for one of its own.
  const { args: given, create } = takeCreateOption(argv);
  const [groupName, ...args] = given;
  if (isHelp(groupName)) return usageError(io, usage);
  const group = Object.hasOwn(groups, groupName!) ? groups[groupName!] : undefined;
  if (!group) return usageError(io, usage, `Unknown command group "${groupName}".`);
  try {
    return await group(args, io, env, { create });
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
