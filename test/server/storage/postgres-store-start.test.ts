/**
 * Opening the PostgreSQL store: migrations run exactly once however many instances start, start-up
 * failures say what to fix (and never show the password), health and close, and photos kept in
 * the database. What the repositories answer is the contract suite's concern.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaMigrations } from '../../../src/server/storage/kysely/migrations/list';
import { openPostgresStore } from '../../../src/server/storage/postgres/open-postgres-store';
import type { Store } from '../../../src/server/storage/repositories/types';
import { findFreePort } from '../../helpers/kerro-server';
import { startPostgresCluster, type PostgresCluster } from '../../helpers/postgres-cluster';

let cluster: PostgresCluster | undefined;
let password = '';

beforeAll(async () => {
  cluster = await startPostgresCluster();
  password = decodeURIComponent(new URL(cluster.url).password);
}, 60_000);

afterAll(() => cluster?.stop());

const open = (url: string, mediaDirectory?: string) => openPostgresStore({ url, poolSize: 3, statementTimeoutMs: 10_000, mediaDirectory });

/** The cluster's URL with some parts replaced. */
function urlWith(change: (url: URL) => void): string {
  const url = new URL(cluster!.url);
  change(url);
  return url.toString();
}

async function sql<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/** The start-up error's message; fails the test if the store opened. */
async function startupFailure(url: string): Promise<string> {
  const error = await open(url).then(
    async (store) => {
      await store.close();
      throw new Error('the store opened');
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('migrations', () => {
  it('run exactly once when two instances start together on a fresh database, and not again on reopening', async () => {
    const url = await cluster!.createDatabase();
    const both = await Promise.all([open(url), open(url)]);
    const steps = await sql<{ name: string; timestamp: string }>(url, 'SELECT name, timestamp FROM kysely_migration ORDER BY name');
    expect(steps.map((step) => step.name)).toEqual(schemaMigrations.map((migration) => migration.name));
    // Both instances share one schema: what one writes, the other reads.
    await both[0].settings.set('written-by', 'first');
    expect(await both[1].settings.get('written-by')).toBe('first');
    await Promise.all(both.map((store) => store.close()));

    const again = await open(url);
    try {
      expect(await sql(url, 'SELECT name, timestamp FROM kysely_migration ORDER BY name')).toEqual(steps);
      expect(await again.settings.get('written-by')).toBe('first');
      expect(again.backend).toBe('postgres');
    } finally {
      await again.close();
    }
  }, 60_000);

  it('a rolling upgrade: an older Kerro starts on a schema newer by additive steps, never past a breaking one', async () => {
    const url = await cluster!.createDatabase();
    await (await open(url)).close();
    // A newer Kerro ran one more step, additive: this (older) one still starts and works.
    await sql(url, "INSERT INTO kysely_migration (name, timestamp) VALUES ('9998-additive', '2030-01-01T00:00:00.000Z')");
    const older = await open(url);
    try {
      await older.settings.set('still', 'works');
      expect(await older.settings.get('still')).toBe('works');
    } finally {
      await older.close();
    }
    // Then a breaking one: refused at start, naming the step.
    await sql(url, "INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-renamed.breaking', '2030-01-02T00:00:00.000Z')");
    expect(await startupFailure(url)).toContain(
      'The database schema is newer than this Kerro (it has 9998-additive, 9999-renamed.breaking), and step 9999-renamed.breaking changed it in a way this Kerro cannot work with. Upgrade Kerro or use another database.',
    );
  }, 60_000);

  it('enable PostGIS and btree_gist themselves when the user may (a superuser here)', async () => {
    const name = `kerro_plain_${Date.now()}`;
    await sql(cluster!.url, `CREATE DATABASE ${name}`); // from template1: no extensions
    const url = urlWith((url) => (url.pathname = `/${name}`));
    const store = await open(url);
    try {
      const installed = await sql<{ extname: string }>(url, 'SELECT extname FROM pg_extension ORDER BY extname');
      expect(installed.map((row) => row.extname)).toEqual(expect.arrayContaining(['btree_gist', 'postgis']));
      expect(await store.health()).toEqual({ database: 'ok' });
    } finally {
      await store.close();
    }
  }, 60_000);
});

describe('start-up errors name what to fix, never the password', () => {
  it('a wrong password: the user, and that the password in DATABASE_URL is wrong', async () => {
    const wrong = 'not-the-password-7Hq2';
    const message = await startupFailure(urlWith((url) => (url.password = wrong)));
    expect(message).toMatch(/refused the password of user "kerro"/);
    expect(message).toMatch(/password in DATABASE_URL is wrong/);
    expect(message).not.toContain(wrong);
    expect(message).not.toContain(password);
  }, 30_000);

  it('no password at all when the server asks for one', async () => {
    const message = await startupFailure(urlWith((url) => (url.password = '')));
    expect(message).toMatch(/asks user "kerro" for a password, but DATABASE_URL has none/);
  }, 30_000);

  it('an unreachable server: the host and port to check', async () => {
    const port = await findFreePort(); // nothing listens there
    const message = await startupFailure(urlWith((url) => (url.port = String(port))));
    expect(message).toContain(`Cannot reach the PostgreSQL server at 127.0.0.1:${port}`);
    expect(message).toMatch(/host and port in DATABASE_URL/);
    expect(message).not.toContain(password);
  }, 30_000);

  it('a database that does not exist: its name, and how to create it', async () => {
    const message = await startupFailure(urlWith((url) => (url.pathname = '/kerro_missing')));
    expect(message).toContain('Database "kerro_missing" does not exist on the PostgreSQL server at 127.0.0.1:');
    expect(message).toContain('CREATE DATABASE "kerro_missing"');
    expect(message).not.toContain(password);
  }, 30_000);

  it('PostGIS the user may not enable: an administrator must run CREATE EXTENSION postgis', async () => {
    const rolePassword = 'limited-Secret-41x';
    const name = `kerro_nopostgis_${Date.now()}`;
    await sql(cluster!.url, `CREATE ROLE ${name} LOGIN PASSWORD '${rolePassword}'`);
    await sql(cluster!.url, `CREATE DATABASE ${name} OWNER ${name}`);
    const message = await startupFailure(
      urlWith((url) => {
        url.username = name;
        url.password = rolePassword;
        url.pathname = `/${name}`;
      }),
    );
    expect(message).toContain(`The PostGIS extension is not enabled in database "${name}", and user "${name}" could not enable it`);
    expect(message).toContain(`an administrator (a superuser) must run CREATE EXTENSION postgis; in database "${name}"`);
    expect(message).not.toContain(rolePassword);
    // Nothing half-done: the failed start left no tables behind.
    const asAdmin = urlWith((url) => (url.pathname = `/${name}`));
    expect(await sql(asAdmin, "SELECT 1 FROM pg_tables WHERE schemaname = 'public'")).toEqual([]);
  }, 30_000);
});

describe('an open store', () => {
  let store: Store | undefined;
  afterAll(() => store?.close());

  it('is healthy, then closes idempotently and reports itself failed', async () => {
    store = await open(await cluster!.createDatabase());
    expect(await store.health()).toEqual({ database: 'ok' });
    await Promise.all([store.close(), store.close()]);
    await store.close();
    expect(await store.health()).toEqual({ database: 'failed' });
  }, 30_000);

  it('keeps photos in the database: bytes round-trip, names are checked, removing is idempotent', async () => {
    const photos = await open(await cluster!.createDatabase());
    try {
      const bytes = Buffer.from([0xff, 0xd8, 0x00, 0x01, 0x5c, 0x27, 0xff, 0xd9]);
      const name = await photos.media.save(bytes, 'jpg');
      expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);
      const opened = await photos.media.open(name);
      expect(opened?.size).toBe(bytes.length);
      expect(await readAll(opened!.stream)).toEqual(bytes);

      expect(await photos.media.open('../../etc/passwd')).toBeUndefined();
      expect(await photos.media.open(name.replace('.jpg', '.png'))).toBeUndefined();
      await expect(photos.media.put('not-a-media-name.jpg', bytes)).rejects.toThrow(TypeError);

      await photos.media.remove(name);
      await photos.media.remove(name);
      expect(await photos.media.open(name)).toBeUndefined();
    } finally {
      await photos.close();
    }
  }, 30_000);

  it('keeps photos as files when given a media directory', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'kerro-pg-media-'));
    const files = await open(await cluster!.createDatabase(), directory);
    try {
      const name = await files.media.save(Buffer.from('photo'), 'png');
      expect(readdirSync(directory)).toEqual([name]);
      expect(await files.health()).toEqual({ database: 'ok', media: 'ok' });
    } finally {
      await files.close();
      rmSync(directory, { recursive: true, force: true });
    }
  }, 30_000);
});
