import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type SqliteDatabase } from '../../../src/server/storage/sqlite/database';
import { sqliteEngine } from '../../../src/server/storage/sqlite/kysely-engine';
import { createServiceRequestRepository } from '../../../src/server/storage/kysely/service-requests';

// SQLite only: the planner's choice for the overdue count /metrics reads at every scrape (issue 41,
// item 6). What it counts is in the contract suite (moderation-flags.test.ts), on both engines.
describe('SQLite overdue count', () => {
  let dir: string;
  let db: SqliteDatabase;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kerro-overdue-plan-'));
    db = await openDatabase(join(dir, 'kerro.sqlite'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('walks, per type with a target, only the overdue range of the covering index', async () => {
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    }) as typeof db.prepare;
    await createServiceRequestRepository(sqliteEngine(db)).countOverdueByBody(Date.now());
    const count = prepared.find((sql) => /count\(/i.test(sql))!;
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${count}`).all('published', 'open', Date.now(), 86_400_000) as { detail: string }[]).map((step) => step.detail);
    expect(plan[0]).toMatch(/^SCAN service_types/);
    expect(plan[1]).toBe('SEARCH service_requests USING COVERING INDEX service_requests_open_by_type (moderation=? AND status=? AND service_code=? AND requested_at<?)');
  });
});
