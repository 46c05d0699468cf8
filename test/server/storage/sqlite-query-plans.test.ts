import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../../src/server/storage/sqlite/database';
import { sqliteEngine } from '../../../src/server/storage/sqlite/kysely-engine';
import { createCounterRepository } from '../../../src/server/storage/kysely/counters';
import { createServiceRequestRepository } from '../../../src/server/storage/kysely/service-requests';

// SQLite only: the query planner's choices on the migrated schema. What the queries answer is in
// the contract suites (test/server/counters/repository.test.ts, moderation-flags.test.ts), on every backend.
let dir: string;
let db: SqliteDatabase;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kerro-query-plans-'));
  db = await openDatabase(join(dir, 'kerro.sqlite'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The statements a repository call prepares, in order. */
async function preparedBy(call: () => Promise<unknown>): Promise<string[]> {
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  }) as typeof db.prepare;
  await call();
  db.prepare = prepare;
  return prepared;
}

describe('SQLite counter queries', () => {
  it('uses an index for the source and municipality filters', () => {
    const plan = (sql: string) => JSON.stringify(db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all());
    expect(plan("SELECT id FROM counters WHERE source_folded = 'x' ORDER BY id")).toMatch(/counters_source/);
    expect(plan("SELECT id FROM counters WHERE municipality_code IN ('091') ORDER BY id")).toMatch(/counters_municipality/);
  });

  it('counts an unfiltered list with SQLite’s count opcode, which reads no row', async () => {
    // Any WHERE, even `1 = 1`, turns the count into a scan of every row (every uncached counter page asks).
    const counts = (await preparedBy(() => createCounterRepository(sqliteEngine(db)).countMatching({}))).filter((sql) => /count\(/i.test(sql));
    expect(counts).toHaveLength(1);
    const opcodes = (db.prepare(`EXPLAIN ${counts[0]}`).all() as { opcode: string }[]).map((step) => step.opcode);
    expect(opcodes).toContain('Count');
  });
});

// The overdue count /metrics reads at every scrape (issue 41, item 6).
describe('SQLite overdue count', () => {
  it('walks, per type with a target, only the overdue range of the covering index', async () => {
    const prepared = await preparedBy(() => createServiceRequestRepository(sqliteEngine(db)).countOverdueByBody(Date.now()));
    const count = prepared.find((sql) => /count\(/i.test(sql))!;
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${count}`).all('published', 'open', Date.now(), 86_400_000) as { detail: string }[]).map((step) => step.detail);
    expect(plan[0]).toMatch(/^SCAN service_types/);
    expect(plan[1]).toBe('SEARCH service_requests USING COVERING INDEX service_requests_open_by_type (moderation=? AND status=? AND service_code=? AND requested_at<?)');
  });
});
