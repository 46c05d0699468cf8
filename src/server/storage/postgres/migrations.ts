import { PostgresDialect } from 'kysely';
import { migrateSchema, schemaLockKey } from '../kysely/migrations/migrate';
import type { PostgresDatabase, Queryable } from './database';
import { guardedPool } from './kysely-engine';

/**
 * Brings the schema up to date (kysely/migrations/): first the extensions it needs, then the
 * steps, one instance at a time under the schema lock.
 */
export async function runMigrations(db: PostgresDatabase): Promise<void> {
  await ensureExtensions(db);
  await migrateSchema(new PostgresDialect({ pool: guardedPool(db.pool) }), 'postgres');
}

/** A start-up problem whose message already says what to fix. */
export class PostgresSetupError extends Error {}

/** What each extension the schema needs is for, and where its files come from when missing. */
const extensions = [
  { name: 'postgis', label: 'PostGIS', package: (major: number) => `postgresql-${major}-postgis-3` },
  // Contrib: part of Debian's postgresql-NN package; elsewhere often a separate postgresql-contrib.
  { name: 'btree_gist', label: 'btree_gist', package: (major: number) => `postgresql-${major} (or postgresql-contrib)` },
] as const;

/**
 * The schema needs PostGIS (geography columns, GiST radius search) and btree_gist (the time in
 * that index). Enabled here when this user may (a superuser; btree_gist is also "trusted", so a
 * database owner may); otherwise says who must do what.
 */
async function ensureExtensions(db: PostgresDatabase): Promise<void> {
  const installedIn = async (client: Queryable) =>
    new Set((await client.query<{ extname: string }>('SELECT extname FROM pg_extension')).map((row) => row.extname));
  const installed = await installedIn(db);
  if (extensions.every((extension) => installed.has(extension.name))) return;
  // Before the migrator makes its tables, so a refused start leaves nothing behind; under the
  // schema lock, as instances starting together would both try.
  await db.transaction(async (client) => {
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SELECT pg_advisory_xact_lock($1)', [schemaLockKey]);
    await enableMissing(client, await installedIn(client));
  });
}

async function enableMissing(client: Queryable, installed: ReadonlySet<string>): Promise<void> {
  for (const extension of extensions) {
    if (installed.has(extension.name)) continue;
    await client.query('SAVEPOINT enable_extension');
    try {
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${extension.name}`);
      await client.query('RELEASE SAVEPOINT enable_extension');
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT enable_extension');
      const [about] = await client.query<{ database: string; user: string; major: number; available: boolean }>(
        `SELECT current_database() AS database, current_user AS user,
                current_setting('server_version_num')::int / 10000 AS major,
                EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = $1) AS available`,
        [extension.name],
      );
      const { database, user, major, available } = about!;
      const reason = error instanceof Error ? error.message : String(error);
      const enable = `an administrator (a superuser) must run CREATE EXTENSION ${extension.name}; in database "${database}"`;
      throw new PostgresSetupError(
        available
          ? `The ${extension.label} extension is not enabled in database "${database}", and user "${user}" could not enable it (${reason}): ${enable}, then start Kerro again.`
          : `The ${extension.label} extension is not installed on the PostgreSQL ${major} server (${reason}): install it there (Debian/Ubuntu: apt-get install ${extension.package(major)}); then Kerro enables it itself when allowed, or else ${enable}.`,
        { cause: error },
      );
    }
  }
}
