import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../../src/server/storage/sqlite/database';

// SQLite only: the query planner's choices on the migrated schema. What the filters answer is in
// test/server/counters/repository.test.ts, on every backend.
describe('SQLite counter queries', () => {
  let dir: string;
  let db: SqliteDatabase;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kerro-counter-plans-'));
    db = await openDatabase(join(dir, 'kerro.sqlite'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses an index for the source and municipality filters', () => {
    const plan = (sql: string) => JSON.stringify(db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all());
    expect(plan("SELECT id FROM counters WHERE source_folded = 'x' ORDER BY id")).toMatch(/counters_source/);
    expect(plan("SELECT id FROM counters WHERE municipality_code IN ('091') ORDER BY id")).toMatch(/counters_municipality/);
  });
});
