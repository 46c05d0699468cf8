import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { testBackend, type TestSql } from '../../../helpers/test-store';

/**
 * Every stored row, by table and identity, plus the photo files: taken before and after a batch
 * of hostile requests, to show that what was refused changed nothing. Requests the service did
 * accept (valid input) are named by id and may add or change exactly their own rows.
 */
export interface StoreSnapshot {
  tables: Map<string, Map<string, string>>;
  mediaFiles: Set<string>;
  spoolFiles: string[];
}

/**
 * Bookkeeping: a refused sign-in or proxied call is meant to be counted in the login and rate
 * limits, and every accepted write moves the change version.
 */
const bookkeepingTables = new Set(['login_attempts', 'rate_limits', 'moderator_sessions', 'change_versions']);

function rowKey(table: string, row: Record<string, unknown>): string {
  if (table === 'service_requests') return String(row.service_request_id);
  if (table === 'request_media') return `${String(row.service_request_id)}#${String(row.position)}`;
  return String(row.__rowid);
}

/** Each table of the store with the SQL that reads its rows, an identity in `__rowid`. */
async function tableReaders(sql: TestSql): Promise<{ name: string; select: string }[]> {
  if (testBackend === 'sqlite') {
    const tables = await sql.all<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    const readers: { name: string; select: string }[] = [];
    for (const { name, sql: definition } of tables) {
      // A WITHOUT ROWID table (the observation values) has no rowid: its primary key tells rows apart.
      if (!/without\s+rowid/i.test(definition)) {
        readers.push({ name, select: `SELECT rowid AS __rowid, * FROM "${name}"` });
        continue;
      }
      const keys = await sql.all<{ name: string }>(`SELECT name FROM pragma_table_info('${name}') WHERE pk > 0 ORDER BY pk`);
      readers.push({ name, select: `SELECT ${keys.map((key) => `"${key.name}"`).join(" || '#' || ")} AS __rowid, * FROM "${name}"` });
    }
    return readers;
  }
  // PostgreSQL has no stable rowid (ctid moves on every update): a row is known by its primary key.
  const tables = await sql.all<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const keys = await sql.all<{ table_name: string; column_name: string }>(
    `SELECT kcu.table_name, kcu.column_name
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage kcu
         ON kcu.constraint_schema = tc.constraint_schema AND kcu.constraint_name = tc.constraint_name AND kcu.table_name = tc.table_name
      WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = current_schema()
      ORDER BY kcu.table_name, kcu.ordinal_position`,
  );
  return tables
    .filter(({ name }) => name !== 'spatial_ref_sys') // PostGIS's own reference data
    .map(({ name }) => {
      const columns = keys.filter((key) => key.table_name === name).map((key) => `"${key.column_name}"::text`);
      if (columns.length === 0) throw new Error(`table ${name} has no primary key to tell its rows apart`);
      return { name, select: `SELECT concat_ws('#', ${columns.join(', ')}) AS __rowid, * FROM "${name}"` };
    });
}

export async function snapshotStore(t: { sql: TestSql; dataDir: string }): Promise<StoreSnapshot> {
  const tables = new Map<string, Map<string, string>>();
  const photosInDatabase: string[] = [];
  for (const { name, select } of await tableReaders(t.sql)) {
    if (bookkeepingTables.has(name)) continue;
    if (name === 'media_blobs') {
      // PostgreSQL without MEDIA_DIR keeps the photos' bytes here: they count as the photo files.
      const rows = await t.sql.all<{ file_name: string }>('SELECT file_name FROM media_blobs');
      photosInDatabase.push(...rows.map((row) => row.file_name));
      continue;
    }
    const rows = await t.sql.all(select);
    tables.set(name, new Map(rows.map((row) => [rowKey(name, row), JSON.stringify(row)])));
  }
  const list = (directory: string) => (existsSync(directory) ? readdirSync(directory) : []);
  return {
    tables,
    mediaFiles: new Set([...list(join(t.dataDir, 'media')), ...photosInDatabase]),
    spoolFiles: list(join(t.dataDir, 'tmp')),
  };
}

export interface AllowedChanges {
  /** Requests created by inputs that were in fact valid. */
  created: ReadonlySet<string>;
  /** Existing requests a valid moderation call changed. */
  changed: ReadonlySet<string>;
}

const requestOf = (table: string, json: string): string | undefined => {
  // A request's own rows: what an accepted change to it may add or change besides the request itself
  // (a close records its questionnaire; a publication may queue a forward or an alert scan).
  const ownRows = ['service_requests', 'request_media', 'audit_log', 'outbox', 'request_history', 'subscriptions', 'questionnaires', 'forwards', 'resident_updates', 'abuse_reports', 'alert_scanned_requests', 'alert_deliveries'];
  if (!ownRows.includes(table)) return undefined;
  const value = (JSON.parse(json) as { service_request_id?: unknown }).service_request_id;
  return typeof value === 'string' ? value : undefined;
};

/** Everything that differs between the snapshots and is not explained by an accepted request. */
export function unexplainedChanges(before: StoreSnapshot, after: StoreSnapshot, allowed: AllowedChanges): string[] {
  const problems: string[] = [];
  const mayTouch = (id: string | undefined) => id !== undefined && (allowed.created.has(id) || allowed.changed.has(id));
  for (const [table, rows] of after.tables) {
    const old = before.tables.get(table) ?? new Map<string, string>();
    for (const [key, json] of rows) {
      const previous = old.get(key);
      if (previous === json) continue;
      const id = requestOf(table, json);
      const isAuditOfSession = table === 'audit_log' && /"action":"sign_(in|out)"/.test(json);
      if (previous === undefined && (mayTouch(id) || isAuditOfSession)) continue;
      if (previous !== undefined && mayTouch(id) && table !== 'audit_log') continue;
      problems.push(`${table} ${key} ${previous === undefined ? 'added' : 'changed'}: ${json.slice(0, 200)}`);
    }
    for (const [key, json] of old) {
      if (!rows.has(key) && !mayTouch(requestOf(table, json))) problems.push(`${table} ${key} removed`);
    }
  }
  // Photos: only accepted requests add files; a moderator's removal may delete one.
  const storedNow = new Set([...(after.tables.get('request_media')?.values() ?? [])].map((json) => String((JSON.parse(json) as { file_name: unknown }).file_name)));
  for (const file of after.mediaFiles) {
    if (!before.mediaFiles.has(file) && !storedNow.has(file)) problems.push(`photo file ${file} left behind with no request`);
  }
  for (const file of before.mediaFiles) {
    if (!after.mediaFiles.has(file) && storedNow.has(file)) problems.push(`photo file ${file} of a stored request is gone`);
  }
  if (after.spoolFiles.length > 0) problems.push(`upload spool not emptied: ${after.spoolFiles.slice(0, 5).join(', ')}`);
  return problems;
}
