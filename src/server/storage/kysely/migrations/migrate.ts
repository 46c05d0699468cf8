import { Kysely, Migrator, PostgresAdapter, SqliteAdapter, sql, type Dialect, type Migration, type MigrationProvider } from 'kysely';
import type { EngineKind, SchemaDb } from './column-types';
import { schemaMigrations, type SchemaMigration } from './list';
import { releasedUnderOtherNames } from './released';

/**
 * PostgreSQL's advisory lock held while the schema changes: the key the Kerro before this migrator
 * took too, so old and new instances starting together also take turns.
 */
export const schemaLockKey = 7365001;

/** Recorded so: an older Kerro can tell a breaking step by its name alone. */
const BREAKING = '.breaking';
const recordedName = (migration: SchemaMigration) => migration.name + (migration.breaking ? BREAKING : '');

/** The schema has additive steps this (older) Kerro does not know: it runs on it as it is. */
class NewerAdditiveSchema extends Error {}

/**
 * A step main once released under another name (released.ts) is recorded under the name this
 * Kerro's list gives it, so it counts as run, not as a step from a newer Kerro.
 */
async function recordUnderListNames(db: SchemaDb, migrations: readonly SchemaMigration[]): Promise<void> {
  const known = new Set(migrations.map(recordedName));
  for (const { step, recorded } of releasedUnderOtherNames) {
    if (!known.has(step)) continue;
    await sql`UPDATE kysely_migration SET name = ${step} WHERE name = ${recorded} AND NOT EXISTS (SELECT 1 FROM kysely_migration WHERE name = ${step})`.execute(db);
  }
}

/** Refuses a schema past this Kerro's, except (PostgreSQL, a rolling upgrade) additive steps. */
async function refuseNewerSchema(db: SchemaDb, kind: EngineKind, migrations: readonly SchemaMigration[]): Promise<void> {
  const known = new Set(migrations.map(recordedName));
  const executed: { name: string }[] = await db.selectFrom('kysely_migration').select('name').execute();
  const newer = executed.map((row) => row.name).filter((name) => !known.has(name));
  if (newer.length === 0) return;
  if (kind === 'sqlite') {
    throw new Error(`The database schema has steps newer than this Kerro (${newer.join(', ')}). Upgrade Kerro or use another DATA_DIR.`);
  }
  const breaking = newer.find((name) => name.endsWith(BREAKING));
  if (breaking) {
    throw new Error(
      `The database schema is newer than this Kerro (it has ${newer.join(', ')}), and step ${breaking} changed it in a way this Kerro cannot work with. Upgrade Kerro or use another database.`,
    );
  }
  throw new NewerAdditiveSchema();
}

/**
 * Instances take turns under a session lock. Neither waiting for another instance's migration nor
 * a long step may be cancelled halfway by the pool's statement timeout.
 */
class LockingPostgresAdapter extends PostgresAdapter {
  constructor(private readonly migrations: readonly SchemaMigration[]) {
    super();
  }

  override async acquireMigrationLock(db: SchemaDb): Promise<void> {
    await sql`SET statement_timeout = 0`.execute(db);
    await sql`SELECT pg_advisory_lock(${schemaLockKey})`.execute(db);
    await recordUnderListNames(db, this.migrations);
    await refuseNewerSchema(db, 'postgres', this.migrations);
  }

  override async releaseMigrationLock(db: SchemaDb): Promise<void> {
    await sql`SELECT pg_advisory_unlock(${schemaLockKey})`.execute(db);
    await sql`RESET statement_timeout`.execute(db);
  }
}

/** SQLite changes its schema in transactions too: the pending steps commit together or not at all. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  constructor(private readonly migrations: readonly SchemaMigration[]) {
    super();
  }

  override get supportsTransactionalDdl(): boolean {
    return true;
  }

  override async acquireMigrationLock(db: SchemaDb): Promise<void> {
    await recordUnderListNames(db, this.migrations);
    await refuseNewerSchema(db, 'sqlite', this.migrations);
  }
}

/** The version the Kerro before this migrator kept, 0 for a database it never touched. */
async function legacyVersion(db: SchemaDb, kind: EngineKind, migrations: readonly SchemaMigration[]): Promise<number> {
  let version: number;
  if (kind === 'sqlite') {
    const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(db);
    version = rows[0]?.user_version ?? 0;
  } else {
    const { rows } = await sql<{ present: boolean }>`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`.execute(db);
    const max = rows[0]?.present ? (await sql<{ version: number | null }>`SELECT max(version) AS version FROM schema_migrations`.execute(db)).rows[0]?.version : 0;
    version = Number(max ?? 0);
  }
  const known = Math.max(...migrations.map((migration) => migration.legacy?.[kind] ?? 0));
  if (version > known) {
    throw new Error(`The database schema is version ${version}, newer than this Kerro knows (${known}). Upgrade Kerro or use another database.`);
  }
  return version;
}

/**
 * The list as Kysely's migrator takes it, in code (no folder scan: the built server has no
 * migration files). A step the Kerro before this migrator already ran is recorded without running.
 */
function providerFor(kind: EngineKind, migrations: readonly SchemaMigration[]): MigrationProvider {
  return {
    async getMigrations() {
      // Read once per run, inside the migrator's transaction and lock.
      let legacy: Promise<number> | undefined;
      const entries = migrations.map((migration): [string, Migration] => [
        recordedName(migration),
        {
          async up(db: SchemaDb) {
            if (migration.legacy && (await (legacy ??= legacyVersion(db, kind, migrations))) >= migration.legacy[kind]) return;
            await migration.step(db, kind);
          },
        },
      ]);
      return Object.fromEntries(entries);
    },
  };
}

/**
 * Brings the schema up to date on the engine behind `dialect` (whose driver must not close the
 * store's connection or pool when destroyed). Every pending step runs in one transaction.
 * `migrations` are the steps this Kerro knows; tests pass an earlier release's, to build the
 * database it left.
 */
export async function migrateSchema(dialect: Dialect, kind: EngineKind, migrations: readonly SchemaMigration[] = schemaMigrations): Promise<void> {
  const adapter = kind === 'postgres' ? new LockingPostgresAdapter(migrations) : new TransactionalSqliteAdapter(migrations);
  const db: SchemaDb = new Kysely({
    dialect: {
      createAdapter: () => adapter,
      createDriver: () => dialect.createDriver(),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (kysely) => dialect.createIntrospector(kysely),
    },
  });
  try {
    // Unordered: main released 0014 and 0015 after 0016 and 0017, so a database of that time lacks
    // steps older than its newest; they run now, after it (released.ts, releasedOutOfOrder). No
    // other gap can arise: the list only grows at its end (the ledger's test), and every pending
    // step commits together or not at all.
    const migrator = new Migrator({ db, provider: providerFor(kind, migrations), allowUnorderedMigrations: true });
    const { error } = await migrator.migrateToLatest();
    if (error !== undefined && !(error instanceof NewerAdditiveSchema)) throw error;
  } finally {
    await db.destroy();
  }
}
