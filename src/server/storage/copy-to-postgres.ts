/**
 * `npm run admin -- db copy --to postgres://…`: moves a SQLite installation into an empty
 * PostgreSQL database, ids, hashes and photos included, in one transaction, then proves the copy
 * by counts and checksums read back from both sides. Which tables, and why the rest stay behind:
 * copy-to-postgres-tables.ts.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { copiedTables } from './copy-to-postgres-tables';
import { createFileMediaStore } from './media-files';
import { openPostgresTableWriter } from './postgres/table-writer';
import { openSqliteTableReader, type TableReader } from './sqlite/table-reader';

const BATCH_ROWS = 500;

export interface CopyOptions {
  sqliteFile: string;
  sqliteMediaDirectory: string;
  targetUrl: string;
  /** Photos as files in this directory instead of the database (MEDIA_DIR). */
  targetMediaDirectory?: string;
  progress?: (line: string) => void;
}

export interface CopyReport {
  tables: { name: string; rows: number; checksum: string }[];
  photos: number;
}

export class CopyRefused extends Error {}

/** An order-free checksum of rows: the sum of each row's SHA-256, so both engines may read in any order. */
function checksumAdd(sum: bigint, row: readonly unknown[]): bigint {
  const digest = createHash('sha256').update(JSON.stringify(row.map(canonical))).digest('hex');
  return (sum + BigInt(`0x${digest}`)) % 2n ** 256n;
}

/** Numbers and numeric text alike print the same; booleans never occur (stored as integers). */
const canonical = (value: unknown) => (typeof value === 'number' ? String(value) : value);

export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyReport> {
  const progress = options.progress ?? (() => undefined);
  const source = await openSqliteTableReader(options.sqliteFile);
  let target;
  try {
    target = await openPostgresTableWriter(options.targetUrl);
  } catch (error) {
    source.close();
    throw error;
  }
  try {
    for (const table of copiedTables) {
      if (table.replace) continue;
      const rows = await target.count(table.name);
      if (rows > 0) {
        throw new CopyRefused(
          `The target database is not empty (${table.name} has ${rows} rows). db copy only fills an empty database: create a new one, or drop this one's tables.`,
        );
      }
    }
    const columnsOf = new Map<string, string[]>();
    for (const table of copiedTables) {
      const targetColumns = (await target.writableColumns(table.name)).filter((column) => column !== table.geometryFrom?.column);
      const sourceColumns = new Set(source.columnsOf(table.name));
      const missing = targetColumns.filter((column) => !sourceColumns.has(column));
      if (missing.length > 0) throw new Error(`the SQLite table ${table.name} lacks ${missing.join(', ')}: start this Kerro on it once to migrate it`);
      columnsOf.set(table.name, targetColumns);
    }
    const mediaFiles = await mediaFileNames(source);

    const sourceSums = new Map<string, { rows: number; sum: bigint }>();
    await target.inTransaction(async (client) => {
      for (const table of copiedTables) {
        const columns = columnsOf.get(table.name)!;
        let rows = 0;
        let sum = 0n;
        let first = true;
        for (const batch of source.batches(table.name, columns, BATCH_ROWS)) {
          if (table.replace && first) await client.replaceAll(table.name, columns, batch);
          else await client.insert(table.name, columns, batch, table.geometryFrom);
          first = false;
          for (const row of batch) sum = checksumAdd(sum, row);
          rows += batch.length;
        }
        if (table.identity) await client.resetIdentity(table.name, table.identity);
        sourceSums.set(table.name, { rows, sum });
        progress(`${table.name}: ${rows} rows`);
      }
      if (!options.targetMediaDirectory) {
        for (const [index, fileName] of mediaFiles.entries()) {
          const content = await readFile(join(options.sqliteMediaDirectory, fileName));
          await client.insert('media_blobs', ['file_name', 'content', 'created_at'], [[fileName, content, Date.now()]]);
          if ((index + 1) % 100 === 0) progress(`photos: ${index + 1} of ${mediaFiles.length}`);
        }
      }
    });
    if (options.targetMediaDirectory) {
      const files = createFileMediaStore(options.targetMediaDirectory);
      for (const fileName of mediaFiles) await files.put(fileName, await readFile(join(options.sqliteMediaDirectory, fileName)));
    }
    progress(`photos: ${mediaFiles.length}`);

    // Read everything back from the target and compare with what was read from the source.
    const report: CopyReport = { tables: [], photos: mediaFiles.length };
    for (const table of copiedTables) {
      let rows = 0;
      let sum = 0n;
      for await (const batch of target.batches(table.name, columnsOf.get(table.name)!, 1000)) {
        for (const row of batch) sum = checksumAdd(sum, row);
        rows += batch.length;
      }
      const expected = sourceSums.get(table.name)!;
      if (rows !== expected.rows || sum !== expected.sum) {
        throw new Error(`verification failed for ${table.name}: copied ${expected.rows} rows, the target holds ${rows} with another checksum`);
      }
      report.tables.push({ name: table.name, rows, checksum: sum.toString(16).padStart(64, '0').slice(0, 16) });
    }
    return report;
  } finally {
    source.close();
    await target.close();
  }
}

async function mediaFileNames(source: TableReader): Promise<string[]> {
  const names: string[] = [];
  for (const batch of source.batches('request_media', ['file_name'], 1000)) names.push(...batch.map((row) => String(row[0])));
  return names;
}
