import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { runMigrations } from './migrations';

export type SqliteDatabase = Database.Database;

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date.
 * WAL keeps readers off writers' backs; synchronous=FULL makes a committed
 * submission survive a power cut or SIGKILL right after we answer.
 */
export function openDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  runMigrations(db);
  return db;
}
