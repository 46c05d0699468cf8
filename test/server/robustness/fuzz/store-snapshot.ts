import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SqliteDatabase } from '../../../../src/server/storage/database';

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

/** Rate-limit and session bookkeeping: a refused sign-in is meant to be recorded there. */
const bookkeepingTables = new Set(['login_failures', 'moderator_sessions']);

function rowKey(table: string, row: Record<string, unknown>): string {
  if (table === 'service_requests') return String(row.service_request_id);
  if (table === 'request_media') return `${String(row.service_request_id)}#${String(row.position)}`;
  return String(row.__rowid);
}

export function snapshotStore(db: SqliteDatabase, dataDir: string): StoreSnapshot {
  const names = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map(
    (row) => row.name,
  );
  const tables = new Map<string, Map<string, string>>();
  for (const name of names) {
    if (bookkeepingTables.has(name)) continue;
    const rows = db.prepare(`SELECT rowid AS __rowid, * FROM "${name}"`).all() as Record<string, unknown>[];
    tables.set(name, new Map(rows.map((row) => [rowKey(name, row), JSON.stringify(row)])));
  }
  const list = (directory: string) => (existsSync(directory) ? readdirSync(directory) : []);
  return { tables, mediaFiles: new Set(list(join(dataDir, 'media'))), spoolFiles: list(join(dataDir, 'tmp')) };
}

export interface AllowedChanges {
  /** Requests created by inputs that were in fact valid. */
  created: ReadonlySet<string>;
  /** Existing requests a valid moderation call changed. */
  changed: ReadonlySet<string>;
}

const requestOf = (table: string, json: string): string | undefined => {
  if (table !== 'service_requests' && table !== 'request_media' && table !== 'audit_log' && table !== 'outbox') return undefined;
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
