import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../../src/server/storage/sqlite/database';
import { sqliteEngine } from '../../../src/server/storage/sqlite/kysely-engine';
import { createCounterRepository } from '../../../src/server/storage/kysely/counters';

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

  it('counts an unfiltered list with SQLite’s count opcode, which reads no row', async () => {
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    }) as typeof db.prepare;
    // Any WHERE, even `1 = 1`, turns the count into a scan of every row (every uncached counter page asks).
    await createCounterRepository(sqliteEngine(db)).countMatching({});
    const counts = prepared.filter((sql) => /count\(/i.test(sql));
    expect(counts).toHaveLength(1);
    const opcodes = (db.prepare(`EXPLAIN ${counts[0]}`).all() as { opcode: string }[]).map((step) => step.opcode);
    expect(opcodes).toContain('Count');
  });
});
