import type { PostgresDatabase, Queryable } from './database';
import { migrations } from './schema';

/** Held (per transaction) while changing the schema: extensions and migration steps. */
export const schemaLockKey = 7365001;

/**
 * Steps (1-based versions) an older Kerro cannot run against: ones that rename, drop or change
 * the meaning of what it reads or writes. Every other step is additive (new tables, columns with
 * defaults, indexes), and an older instance keeps running, or starts, on a schema that has it.
 * See README, "Upgrading".
 */
export const breakingMigrations: ReadonlySet<number> = new Set();

/**
 * Brings the schema up to date. An advisory lock makes instances that start together take turns,
 * so each step runs exactly once. A schema newer than this Kerro is accepted while each newer
 * step is additive (a rolling upgrade: the newer instances migrated it), refused after a breaking one.
 */
export async function runMigrations(db: PostgresDatabase): Promise<void> {
  await db.transaction(async (client) => {
    // Neither waiting for another instance's migration nor a long step may be cancelled halfway.
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SELECT pg_advisory_xact_lock($1)', [schemaLockKey]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    // Which steps were breaking, as the Kerro that ran them knew; older rows were all additive.
    await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS breaking boolean NOT NULL DEFAULT false');
    const [row] = await client.query<{ version: number | null; breaking: number | null }>(
      'SELECT max(version) AS version, max(version) FILTER (WHERE breaking) AS breaking FROM schema_migrations',
    );
    const current = row?.version ?? 0;
    if (current > migrations.length && (row?.breaking ?? 0) > migrations.length) {
      throw new Error(
        `The database schema is version ${current}, newer than this Kerro (${migrations.length}), and step ${row!.breaking} changed it in a way this Kerro cannot work with. Upgrade Kerro or use another database.`,
      );
    }
    if (current < migrations.length) await ensureExtensions(client);
    for (let version = current; version < migrations.length; version += 1) {
      await client.query(migrations[version]!);
      await client.query('INSERT INTO schema_migrations (version, breaking) VALUES ($1, $2)', [version + 1, breakingMigrations.has(version + 1)]);
    }
  });
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
async function ensureExtensions(client: Queryable): Promise<void> {
  const installed = new Set(
    (await client.query<{ extname: string }>('SELECT extname FROM pg_extension')).map((row) => row.extname),
  );
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
