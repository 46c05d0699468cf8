/**
 * The store an admin command works on: the server's, read from the same environment (the server
 * reads no .env file, so the command must be run with the server's DATA_DIR / DATABASE_URL).
 * Every command says which database that is, and none makes a new empty SQLite file unless asked:
 * run with another DATA_DIR than the server's, it would otherwise write where the server never looks.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadConfig, type Config } from '../config';
import { describeStoreLocation, openStore, sqliteFileOf, type Store } from '../storage';
import type { CommandIo, Env } from './io';

export interface StoreOptions {
  /** `--create`: make a new empty SQLite database when DATA_DIR holds none. */
  create?: boolean;
}

export const createOption = '--create';

/** The arguments less `--create` (accepted anywhere), and whether it was given. */
export function takeCreateOption(args: readonly string[]): { args: string[]; create: boolean } {
  return { args: args.filter((arg) => arg !== createOption), create: args.includes(createOption) };
}

/**
 * Says on stderr which database the command uses. False, after saying what to do, when the
 * SQLite file is missing and `--create` was not given: nothing is created then.
 */
export async function announceStore(config: Config, io: CommandIo, options: StoreOptions): Promise<boolean> {
  // PostgreSQL: nothing to create here; the database exists, or connecting fails with its own message.
  if (config.DATABASE_URL) {
    io.err(`Using ${describeStoreLocation(config)}.`);
    return true;
  }
  const file = sqliteFileOf(config);
  if (existsSync(file)) {
    io.err(`Using ${describeStoreLocation(config)}.`);
    return true;
  }
  if (!options.create) {
    io.err(`Refused: there is no database at ${file} (DATA_DIR=${config.DATA_DIR}), and this command makes no new empty one unless asked.`);
    io.err('Run it with the server\'s settings (e.g. DATA_DIR=/srv/kerro/data npm run admin -- …, or DATABASE_URL if the server uses PostgreSQL),');
    io.err(`or start the server once with this DATA_DIR, or add ${createOption} to make a new empty database here.`);
    return false;
  }
  // As the server makes them (data-directory.ts): personal data, readable by this user only.
  // SQLite gives its -wal and -shm files the database file's mode.
  await mkdir(config.DATA_DIR, { recursive: true, mode: 0o700 });
  await writeFile(file, '', { flag: 'wx', mode: 0o600 });
  io.err(`Using a new empty SQLite database ${file} (${createOption}).`);
  return true;
}

/**
 * Runs `run` on the store the server would use (from `env`, validated as the server does),
 * closing it after; 1 when the store is refused (see announceStore).
 */
export async function withStore(env: Env, io: CommandIo, run: (store: Store) => Promise<number>, options: StoreOptions = {}): Promise<number> {
  const config = loadConfig(env);
  if (!(await announceStore(config, io, options))) return 1;
  const store = await openStore(config);
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}
