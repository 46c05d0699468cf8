import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announceStore } from '../../../src/server/admin/admin-store';
import { runAdmin } from '../../../src/server/admin/cli';
import { moderatorCommand } from '../../../src/server/admin/commands/moderator';
import { loadConfig } from '../../../src/server/config';
import { createTestApp } from '../../helpers/georeport-app';
import { createdStoreEnv } from '../../helpers/test-store';
import { login } from '../moderation/moderation-client';
import { printedLines } from './printed-lines';

/** The commands of every kind that open the store: in cli.ts, in their own group, and db's. */
const storeCommands = [
  ['apikey', 'list'],
  ['bodies', 'list'],
  ['outbox', 'list'],
  ['moderator', 'list'],
  ['moderator', 'add', 'maija', '--admin', '--password-stdin'],
  ['moderator', 'bodies', 'maija', '--admin'],
  ['counters', 'import', 'counters.geojson'],
  ['db', 'migrate'],
  ['db', 'copy', '--to', 'postgres://kerro:secret@127.0.0.1:1/kerro'],
];

describe('which database an admin command uses', () => {
  let root: string;
  /** A DATA_DIR where no server ever ran: a mistyped path, or another than the server's. */
  let elsewhere: string;
  const { out, err, announced, io, clear } = printedLines();
  const run = (argv: string[], env: Record<string, string>) => {
    clear();
    return runAdmin(argv, io, env);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kerro-admin-store-'));
    elsewhere = join(root, 'not-the-server', 'data');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a DATA_DIR without a database, naming the file and what to do, and creates nothing', async () => {
    const file = join(elsewhere, 'kerro.sqlite');
    for (const argv of storeCommands) {
      expect(await run(argv, { DATA_DIR: elsewhere }), argv.join(' ')).toBe(1);
      expect(err[0]).toBe(`Refused: there is no database at ${file} (DATA_DIR=${elsewhere}), and this command makes no new empty one unless asked.`);
      expect(err.join('\n')).toMatch(/with the server's settings \(e\.g\. DATA_DIR=.* npm run admin -- …, or DATABASE_URL/);
      expect(err.join('\n')).toMatch(/start the server once with this DATA_DIR, or add --create to make a new empty database here\.$/);
      expect(out).toEqual([]);
      expect(existsSync(join(root, 'not-the-server')), argv.join(' ')).toBe(false);
    }
  });

  it('help needs no database and makes none', async () => {
    for (const group of ['apikey', 'bodies', 'services', 'service-objects', 'addresses', 'observations', 'outbox', 'moderator', 'counters', 'db']) {
      expect(await run([group, '--help'], { DATA_DIR: elsewhere }), group).toBe(2);
      expect(out.join('\n')).toMatch(/^Usage: npm run admin -- /);
    }
    expect(existsSync(join(root, 'not-the-server'))).toBe(false);
  });

  it('--create, anywhere in the arguments, makes a new empty database readable by this user only, and says so', async () => {
    const file = join(elsewhere, 'kerro.sqlite');
    expect(await run(['apikey', '--create', 'list'], { DATA_DIR: elsewhere })).toBe(0);
    expect(announced).toEqual([`Using a new empty SQLite database ${file} (--create).`]);
    expect(err).toEqual([]);
    expect(out).toEqual(['No API keys. Create one with: npm run admin -- apikey create NAME']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o700);
    // The journal files SQLite makes beside it take the database file's mode.
    for (const name of readdirSync(elsewhere)) expect(statSync(join(elsewhere, name)).mode & 0o077, name).toBe(0);

    // Given again, it is the database that is there now.
    expect(await run(['--create', 'apikey', 'list'], { DATA_DIR: elsewhere })).toBe(0);
    expect(announced).toEqual([`Using the SQLite database ${file}.`]);
    const other = join(root, 'other');
    expect(await run(['db', 'migrate', '--create'], { DATA_DIR: other })).toBe(0);
    expect(out).toEqual(['The database schema is up to date.']);
    expect(existsSync(join(other, 'kerro.sqlite'))).toBe(true);
  });

  it('names the database it uses by its absolute path, for a relative DATA_DIR too', async () => {
    const env = await createdStoreEnv(join(root, 'server'), 'sqlite');
    const file = join(root, 'server', 'kerro.sqlite');
    expect(await run(['apikey', 'list'], env)).toBe(0);
    expect(announced).toEqual([`Using the SQLite database ${file}.`]);
    expect(await run(['moderator', 'list'], { DATA_DIR: relative(process.cwd(), join(root, 'server')) })).toBe(0);
    expect(announced).toEqual([`Using the SQLite database ${file}.`]);
  });

  it('names a PostgreSQL database by its URL without user, password or other secrets', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://kerro:s3cret@db.example.org:5433/kerro?sslpassword=k3y&host=db.example.org&application_name=x' });
    clear();
    expect(await announceStore(config, io, {})).toBe(true);
    expect(announced).toEqual(['Using the PostgreSQL database postgres://db.example.org:5433/kerro?host=db.example.org.']);
    const socket = loadConfig({ DATABASE_URL: 'postgresql:///kerro?host=/var/run/postgresql&password=s3cret' });
    clear();
    expect(await announceStore(socket, io, { create: true })).toBe(true);
    expect(announced).toEqual(['Using the PostgreSQL database postgresql:///kerro?host=/var/run/postgresql.']);
  });

  it('a moderator added with the server\'s DATA_DIR signs in; one added elsewhere is refused, not made in a new database', async () => {
    const t = await createTestApp();
    try {
      const add = (env: Record<string, string>) => {
        clear();
        return moderatorCommand(['add', 'maija', '--admin', '--password-stdin'], io, env, async () => 'correct horse battery');
      };
      expect(await add({ ...t.env, DATA_DIR: elsewhere })).toBe(1);
      expect(existsSync(join(root, 'not-the-server'))).toBe(false);
      expect(await add(t.env)).toBe(0);
      expect((await login(t, 'maija', 'correct horse battery')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
