/**
 * Databases as earlier mains left them, for the upgrade tests: every schema state main has
 * released (each prefix of the ledger, and the states released out of order), built by the
 * migrator with only that release's steps, with rows written at that state in the tables its
 * steps made, and checked after the upgrade.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { expect } from 'vitest';
import type { EngineKind } from '../../src/server/storage/kysely/migrations/column-types';
import { schemaMigrations } from '../../src/server/storage/kysely/migrations/list';
import { migrateSchema } from '../../src/server/storage/kysely/migrations/migrate';
import { releasedMigrations, releasedOutOfOrder, releasedUnderOtherNames } from '../../src/server/storage/kysely/migrations/released';
import { gridCell } from '../../src/server/storage/sqlite/grid';
import { openTestSql } from './test-store';

export interface ReleasedState {
  label: string;
  /** The commit of a state released out of order (released.ts), none for a prefix of the ledger. */
  commit?: string;
  /** The steps this state's database has run, by the list's names, in the list's order. */
  names: readonly string[];
  /** Steps its database records under another name (released.ts, releasedUnderOtherNames): list name → recorded name. */
  recordedAs?: Readonly<Record<string, string>>;
}

/** Every state main released before the head's: empty, each shorter prefix of the ledger, and those out of order. */
export function earlierReleasedStates(): ReleasedState[] {
  const prefixes = releasedMigrations.map((_, length) => ({
    label: length === 0 ? 'an empty database' : `the state through ${releasedMigrations[length - 1]}`,
    names: releasedMigrations.slice(0, length),
  }));
  const outOfOrder = releasedOutOfOrder.map(({ commit, through, missing }) => ({
    commit,
    label: `${commit}'s state: through ${through}, without ${missing.join(', ')}`,
    names: releasedMigrations.slice(0, releasedMigrations.indexOf(through) + 1).filter((name) => !missing.includes(name)),
  }));
  const underOtherNames = releasedUnderOtherNames.map(({ commit, through, step, recorded }) => ({
    commit,
    label: `${commit}'s state: through ${through}, then ${step} recorded as ${recorded}`,
    names: [...releasedMigrations.slice(0, releasedMigrations.indexOf(through) + 1), step],
    recordedAs: { [step]: recorded },
  }));
  return [...prefixes, ...outOfOrder, ...underOtherNames];
}

/** The SQLite file a Kerro configured with `env` opens. */
export const sqliteFileOf = (env: Record<string, string>) => join(env.DATA_DIR!, 'kerro.sqlite');

/**
 * Makes the database `env` points at (DATABASE_URL, else DATA_DIR's SQLite file) as the Kerro
 * of `state` left it: its migrator with only its steps.
 */
export async function buildReleasedState(env: Record<string, string>, state: ReleasedState): Promise<void> {
  const steps = schemaMigrations
    .filter((migration) => state.names.includes(migration.name))
    .map((migration) => ({ ...migration, name: state.recordedAs?.[migration.name] ?? migration.name }));
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 1 });
    // What the store enables before migrating (postgres/migrations.ts); the cluster's template has PostGIS.
    await pool.query('CREATE EXTENSION IF NOT EXISTS btree_gist');
    // Destroying the migrator's Kysely ends the pool.
    await migrateSchema(new PostgresDialect({ pool }), 'postgres', steps);
    return;
  }
  const db = new Database(sqliteFileOf(env));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // Destroying the migrator's Kysely closes the file.
  await migrateSchema(new SqliteDialect({ database: db }), 'sqlite', steps);
}

type Row = Record<string, string | number | null>;
interface KeptRow {
  table: string;
  row: Row;
}

const at = Date.parse('2026-11-27T09:00:00Z');
const point = { lat: 60.1699, long: 24.9384 };

/** A few real rows in the tables each step made, as the Kerro of that step wrote them. */
const rowsMadeBy: Record<string, (kind: EngineKind) => KeptRow[]> = {
  '0001-requests': (kind): KeptRow[] => [
    { table: 'service_types', row: { service_code: '171', metadata_type: 'realtime', position: 1 } },
    { table: 'service_type_translations', row: { service_code: '171', locale: 'en', service_name: 'Potholes', description: 'Holes in the street' } },
    {
      table: 'service_requests',
      row: {
        service_request_id: 'kept-1',
        service_code: '171',
        description: 'A pothole outside number 12',
        ...point,
        // SQLite's radius search finds a request by its cell (sqlite/grid.ts), which the store writes.
        ...(kind === 'sqlite' ? { grid_cell: gridCell(point.lat, point.long) } : {}),
        address_string: 'Mannerheimintie 12',
        email: 'reporter@example.org',
        status: 'open',
        detailed_status: 'RECEIVED',
        moderation: 'published',
        requested_at: at,
        updated_at: at,
      },
    },
    { table: 'settings', row: { name: 'kept', value: 'from an earlier Kerro' } },
  ],
  '0003-moderation': (): KeptRow[] => [{ table: 'moderators', row: { name: 'maija', password_hash: 'scrypt$kept', created_at: at } }],
  '0006-follow': (): KeptRow[] => [
    { table: 'subscriptions', row: { service_request_id: 'kept-1', role: 'reporter', email: 'reporter@example.org', locale: 'en', created_at: at, confirmed_at: at } },
    { table: 'request_history', row: { service_request_id: 'kept-1', at, kind: 'published', detailed_status: 'RECEIVED', note: '' } },
  ],
  '0014-resident-updates': (): KeptRow[] => [
    { table: 'resident_updates', row: { id: 'kept-update', service_request_id: 'kept-1', text: 'Still there', locale: 'en', moderation: 'pending', created_at: at } },
  ],
  '0015-questionnaires': (): KeptRow[] => [
    { table: 'questionnaires', row: { service_request_id: 'kept-1', closed_at: at } },
    { table: 'abuse_reports', row: { service_request_id: 'kept-1', reason: 'Not a real problem', created_at: at } },
  ],
  '0016-alerts': (): KeptRow[] => [
    { table: 'alerts', row: { email: 'neighbour@example.org', kind: 'point', ...point, radius_m: 500, frequency: 'daily', locale: 'fi', created_at: at, confirmed_at: at } },
  ],
  '0017-residents': (): KeptRow[] => [{ table: 'resident_sessions', row: { id: 'kept-session-hash', email: 'reporter@example.org', created_at: at, expires_at: at + 86_400_000 } }],
};

function rowsOf(env: Record<string, string>, state: ReleasedState) {
  const kind: EngineKind = env.DATABASE_URL ? 'postgres' : 'sqlite';
  return state.names.flatMap((name) => rowsMadeBy[name]?.(kind) ?? []);
}

/** Writes the rows of `state`'s tables into the database `env` points at. */
export async function writeRowsAt(env: Record<string, string>, state: ReleasedState): Promise<void> {
  const sql = openTestSql(env);
  try {
    for (const { table, row } of rowsOf(env, state)) {
      const columns = Object.keys(row);
      await sql.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, ...Object.values(row));
    }
  } finally {
    await sql.close();
  }
}

/** Every row `writeRowsAt` wrote is still there, every column as written. */
export async function expectRowsKept(env: Record<string, string>, state: ReleasedState): Promise<void> {
  const sql = openTestSql(env);
  try {
    for (const { table, row } of rowsOf(env, state)) {
      expect(await sql.all(`SELECT ${Object.keys(row).join(', ')} FROM ${table}`), table).toContainEqual(row);
    }
  } finally {
    await sql.close();
  }
}
