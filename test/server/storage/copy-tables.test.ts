import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/server/storage';
import { copiedTables, tablesLeftBehind } from '../../../src/server/storage/copy-to-postgres-tables';
import { openTestSql, type TestSql } from '../../helpers/test-store';

const copied = copiedTables.map((table) => table.name as string);
const leftBehind = tablesLeftBehind.map((entry) => entry.table as string);

// The schema as the migrations make it, read from a fresh SQLite file: a table a new migration
// adds shows up here without anyone listing it.
describe('db copy accounts for every table of the schema', () => {
  let dir: string;
  let sql: TestSql;
  let schemaTables: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kerro-copy-tables-'));
    const store = await openStore({ DATA_DIR: dir, DATABASE_URL: undefined, DATABASE_POOL_SIZE: 2, DATABASE_STATEMENT_TIMEOUT_MS: 30_000, MEDIA_DIR: undefined });
    await store.close();
    sql = openTestSql({ DATA_DIR: dir });
    // sqlite_* are the engine's own (sqlite_sequence, sqlite_stat1), not the schema's.
    const rows = await sql.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    schemaTables = rows.map((row) => row.name);
  });

  afterAll(async () => {
    await sql.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies each table or names it as left behind, with a reason', () => {
    expect(schemaTables.length).toBeGreaterThan(30);
    expect(schemaTables.filter((table) => !copied.includes(table) && !leftBehind.includes(table))).toEqual([]);
    expect(copied.filter((table) => leftBehind.includes(table))).toEqual([]);
    expect(tablesLeftBehind.filter((entry) => entry.why.trim() === '')).toEqual([]);
  });

  it('lists only tables the schema has, each once', () => {
    const listed = [...copied, ...leftBehind];
    expect(listed.filter((table) => !schemaTables.includes(table))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('copies a table after every table its foreign keys name', async () => {
    const misplaced: string[] = [];
    for (const [position, table] of copied.entries()) {
      const references = await sql.all<{ table: string }>(`SELECT "table" FROM pragma_foreign_key_list(?)`, table);
      for (const { table: referenced } of references) {
        if (referenced !== table && !copied.slice(0, position).includes(referenced)) misplaced.push(`${table} before ${referenced}`);
      }
    }
    expect(misplaced).toEqual([]);
  });
});
