import { sql } from 'kysely';
import { addChangeVersions, columnTypes, withId, type EngineKind, type SchemaDb, type SchemaStep } from './column-types';

type Write = 'insert' | 'update' | 'delete';

/**
 * Triggers that move version row `name` on every write to `table`, by any process or statement.
 * PostgreSQL: one per statement (TRUNCATE too); SQLite has row triggers only, for `sqliteWrites`.
 */
export async function versionTriggers(db: SchemaDb, kind: EngineKind, table: string, name: string, sqliteWrites: readonly Write[]) {
  if (kind === 'postgres') {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_version`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.raw(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION bump_change_version(${sql.lit(name)})`.execute(db);
    return;
  }
  for (const write of sqliteWrites) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_${write}_version`)} AFTER ${sql.raw(write.toUpperCase())} ON ${sql.raw(table)} BEGIN
      UPDATE change_versions SET version = version + 1 WHERE name = ${sql.lit(name)};
    END`.execute(db);
  }
}

/**
 * Change tokens as version rows moved by triggers on every write (any process, any statement),
 * sign-in attempts reserved before the password is checked, and request-rate windows: all in the
 * store, so every instance agrees. PostgreSQL also versions the service types, which each process
 * caches until its row moves (SQLite asks its connection instead, kysely/engine.ts).
 */
export const changeTokensStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  const postgres = kind === 'postgres';
  await db.schema
    .createTable('change_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', t.bigint, (c) => c.notNull())
    .execute();
  await addChangeVersions(db, 'service_requests', ...(postgres ? ['service_types'] : []));
  if (postgres) {
    await sql`CREATE FUNCTION bump_change_version() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE change_versions SET version = version + 1 WHERE name = TG_ARGV[0];
    RETURN NULL;
  END;
  $$`.execute(db);
  }
  await versionTriggers(db, kind, 'service_requests', 'service_requests', ['insert', 'update', 'delete']);
  await versionTriggers(db, kind, 'request_media', 'service_requests', ['insert', 'delete']);
  if (postgres) {
    for (const table of ['service_types', 'service_type_translations', 'service_attributes']) {
      await versionTriggers(db, kind, table, 'service_types', []);
    }
  }
  await db.schema.dropTable('login_failures').ifExists().execute();
  await db.schema
    .createTable('login_attempts')
    .$call(withId(kind))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('attempt', 'text', (c) => c.notNull())
    .addColumn('at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_scope').on('login_attempts').columns(['scope', 'at']).execute();
  await db.schema.createIndex('login_attempts_attempt').on('login_attempts').column('attempt').execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', t.bigint, (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_start').execute();
};
