import { areaFromGeoJson } from './body-areas';
import { createPostgresDatabase, type PostgresDatabase, type Queryable } from './database';
import { runMigrations } from './migrations';

/**
 * Whole tables written into a PostgreSQL database in one transaction: the target side of
 * `admin db copy`. Ids are kept as they are; identity sequences are moved past them after.
 */
export interface TableWriter {
  /** The columns a copy writes: every column but generated ones (such as PostGIS locations). */
  writableColumns(table: string): Promise<string[]>;
  count(table: string): Promise<number>;
  /** Runs the whole copy in one transaction: all of it lands, or nothing. */
  inTransaction(work: (client: TableWriterClient) => Promise<void>): Promise<void>;
  /** Rows as arrays in `columns` order, `batchSize` at a time, through a cursor (tables can be large). */
  batches(table: string, columns: readonly string[], batchSize: number): AsyncIterable<unknown[][]>;
  close(): Promise<void>;
}

export interface TableWriterClient {
  /** With `geometryFrom`, also fills that PostGIS column from the GeoJSON text of column `geoJson` (bodies' areas). */
  insert(table: string, columns: readonly string[], rows: readonly unknown[][], geometryFrom?: { column: string; geoJson: string }): Promise<void>;
  /** Replaces every row of a one-row bookkeeping table (counter_dataset). */
  replaceAll(table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void>;
  resetIdentity(table: string, column: string): Promise<void>;
}

const identifier = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
};

function clientOn(client: Queryable): TableWriterClient {
  const insert: TableWriterClient['insert'] = async (table, columns, rows, geometryFrom) => {
    if (rows.length === 0) return;
    const params: unknown[] = [];
    const geoJsonAt = geometryFrom ? columns.indexOf(geometryFrom.geoJson) : -1;
    if (geometryFrom && geoJsonAt < 0) throw new Error(`${table} has no column ${geometryFrom.geoJson}`);
    const tuples = rows.map((row) => {
      const values = row.map((value) => `$${params.push(value)}`);
      if (geometryFrom) values.push(`${areaFromGeoJson.before}$${params.push(row[geoJsonAt])}${areaFromGeoJson.after}`);
      return `(${values.join(', ')})`;
    });
    const names = geometryFrom ? [...columns, geometryFrom.column] : columns;
    await client.query(`INSERT INTO ${identifier(table)} (${names.map(identifier).join(', ')}) VALUES ${tuples.join(', ')}`, params);
  };
  return {
    insert,
    async replaceAll(table, columns, rows) {
      await client.query(`DELETE FROM ${identifier(table)}`);
      await insert(table, columns, rows);
    },
    async resetIdentity(table, column) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT COALESCE(max(${identifier(column)}), 0) FROM ${identifier(table)}), 1))`,
        [table, column],
      );
    },
  };
}

export async function openPostgresTableWriter(url: string): Promise<TableWriter> {
  const db: PostgresDatabase = createPostgresDatabase({ url, poolSize: 2, statementTimeoutMs: 600_000 });
  try {
    await runMigrations(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return {
    async writableColumns(table) {
      const rows = await db.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'
         ORDER BY ordinal_position`,
        [table],
      );
      return rows.map((row) => row.column_name);
    },
    async count(table) {
      const [row] = await db.query<{ n: number }>(`SELECT COUNT(*)::bigint AS n FROM ${identifier(table)}`);
      return row!.n;
    },
    async inTransaction(work) {
      await db.transaction((client) => work(clientOn(client)));
    },
    async *batches(table, columns, batchSize) {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN READ ONLY');
        await client.query(`DECLARE copy_check NO SCROLL CURSOR FOR SELECT ${columns.map(identifier).join(', ')} FROM ${identifier(table)}`);
        while (true) {
          const result = await client.query({ text: `FETCH ${Number(batchSize)} FROM copy_check`, rowMode: 'array' });
          if (result.rows.length === 0) break;
          yield result.rows as unknown[][];
        }
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    },
    close: () => db.close(),
  };
}
