/**
 * The one migration list (storage/kysely/migrations/) on SQLite: it builds what the Kerro before it
 * built, step for step, adopts a file that Kerro left at any version, running only the steps
 * after it, and upgrades a file at every schema main has released since, its rows kept.
 * (PostgreSQL: postgres-schema-migrations.test.ts.)
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { openStore } from '../../../src/server/storage';
import { schemaMigrations } from '../../../src/server/storage/kysely/migrations/list';
import { openDatabase } from '../../../src/server/storage/sqlite/database';
import { migrations as legacySteps, runLegacySteps } from '../../helpers/legacy-schema/sqlite/steps';
import { buildReleasedState, earlierReleasedStates, expectRowsKept, sqliteFileOf, writeRowsAt } from '../../helpers/released-schema';
import { sqliteShape } from '../../helpers/schema-shape';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kerro-schema-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * What the old Kerro left at its last version, then adopted: the steps added since the migrator
 * (those without `legacy`) run on it, so it is the schema a new database must have.
 */
async function adoptedLegacyDatabase(file: string): Promise<void> {
  legacyDatabase(file, legacySteps.length);
  (await openDatabase(file)).close();
}

function legacyDatabase(file: string, version: number): void {
  const db = new Database(file);
  try {
    runLegacySteps(db, version);
    if (version >= 1) db.prepare("INSERT INTO settings (name, value) VALUES ('kept', 'from the old Kerro')").run();
  } finally {
    db.close();
  }
}

const allNames = schemaMigrations.map((migration) => migration.name);

/** The schema alone: which version rows exist, not where the rows written into it moved them. */
function schemaOf(db: Database.Database) {
  const { versions, counterDataset: _data, ...schema } = sqliteShape(db);
  return { ...schema, versionRows: (versions as { name: string }[]).map((row) => row.name) };
}
const recordedNames = (db: Database.Database) => (db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map((row) => row.name);

describe('SQLite schema migrations', () => {
  it('build a new database exactly as the old steps did: tables, columns, keys, indexes, triggers, version rows', async () => {
    const fresh = await openDatabase(join(dir, 'new.sqlite'));
    const legacyFile = join(dir, 'old.sqlite');
    await adoptedLegacyDatabase(legacyFile);
    const legacy = new Database(legacyFile, { readonly: true });
    try {
      expect(sqliteShape(fresh)).toEqual(sqliteShape(legacy));
      expect(recordedNames(fresh)).toEqual(allNames);
    } finally {
      fresh.close();
      legacy.close();
    }
  });

  it.each(Array.from({ length: legacySteps.length + 1 }, (_, version) => version))(
    'adopt a file the old Kerro left at version %i: its steps recorded, not rerun; only the later ones run',
    async (version) => {
      const file = join(dir, 'kerro.sqlite');
      legacyDatabase(file, version);
      const reference = join(dir, 'reference.sqlite');
      await adoptedLegacyDatabase(reference);

      const db = await openDatabase(file);
      const expected = new Database(reference, { readonly: true });
      try {
        expect(recordedNames(db)).toEqual(allNames);
        expect(sqliteShape(db)).toEqual(sqliteShape(expected));
        if (version >= 1) expect(db.prepare("SELECT value FROM settings WHERE name = 'kept'").pluck().get()).toBe('from the old Kerro');
      } finally {
        db.close();
        expected.close();
      }
      // Reopening runs nothing.
      const again = await openDatabase(file);
      try {
        expect(recordedNames(again)).toEqual(allNames);
      } finally {
        again.close();
      }
    },
  );

  it('refuse a file a newer Kerro migrated, naming its steps, and change nothing', async () => {
    const file = join(dir, 'kerro.sqlite');
    (await openDatabase(file)).close();
    const newer = new Database(file);
    newer.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-from-the-future', '2030-01-01T00:00:00.000Z')").run();
    newer.close();
    await expect(openDatabase(file)).rejects.toThrow(
      'The database schema has steps newer than this Kerro (9999-from-the-future). Upgrade Kerro or use another DATA_DIR.',
    );
  });

  it.each(earlierReleasedStates().map((state) => [state.label, state] as const))('upgrade %s to the head at start, every row written there kept', async (_label, state) => {
    const env = { DATA_DIR: dir };
    await buildReleasedState(env, state);
    await writeRowsAt(env, state);

    // What the server and `admin db migrate` do first.
    const store = await openStore(loadConfig(env));
    try {
      if (state.names.includes('0001-requests')) expect((await store.serviceRequests.find('kept-1'))?.description).toBe('A pothole outside number 12');
    } finally {
      await store.close();
    }
    await expectRowsKept(env, state);
    const upgraded = new Database(sqliteFileOf(env), { readonly: true });
    const fresh = await openDatabase(join(dir, 'new.sqlite'));
    try {
      expect(recordedNames(upgraded)).toEqual(allNames);
      expect(schemaOf(upgraded)).toEqual(schemaOf(fresh));
    } finally {
      upgraded.close();
      fresh.close();
    }
  });
});
