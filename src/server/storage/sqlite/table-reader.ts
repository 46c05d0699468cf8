import type { SqliteDatabase } from './database';
import { openDatabase } from './database';

/**
 * Whole tables of a SQLite installation, read row by row: the source side
 * of `admin db copy`. Columns are chosen by the caller (the target's), so SQLite-only columns
 * such as grid_cell stay behind.
 */
export interface TableReader {
  columnsOf(table: string): string[];
  count(table: string): number;
  /** Rows as arrays in `columns` order, `batchSize` at a time. */
  batches(table: string, columns: readonly string[], batchSize: number): Iterable<unknown[][]>;
  close(): void;
}

const identifier = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
};

export async function openSqliteTableReader(file: string): Promise<TableReader> {
  const db: SqliteDatabase = await openDatabase(file);
  return {
    columnsOf(table) {
      return (db.prepare(`PRAGMA table_info(${identifier(table)})`).all() as { name: string }[]).map((column) => column.name);
    },
    count(table) {
      return db.prepare(`SELECT COUNT(*) FROM ${identifier(table)}`).pluck().get() as number;
    },
    *batches(table, columns, batchSize) {
      const select = db.prepare(`SELECT ${columns.map(identifier).join(', ')} FROM ${identifier(table)}`).raw();
      let batch: unknown[][] = [];
      for (const row of select.iterate() as Iterable<unknown[]>) {
        batch.push(row);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    },
    close() {
      db.close();
    },
  };
}
