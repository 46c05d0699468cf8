import type { SqliteDatabase } from './database';
import type { SettingsRepository } from '../repositories/types';

export function createSqliteSettingsRepository(db: SqliteDatabase): SettingsRepository {
  const select = db.prepare('SELECT value FROM settings WHERE name = ?').pluck();
  const upsert = db.prepare(
    'INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  const insertIfAbsent = db.prepare('INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING');
  const compareAndSet = db.prepare('UPDATE settings SET value = ? WHERE name = ? AND value = ?');
  return {
    async get(name) {
      return select.get(name) as string | undefined;
    },
    async set(name, value) {
      upsert.run(name, value);
    },
    async putIfAbsent(name, value) {
      insertIfAbsent.run(name, value);
      return select.get(name) as string;
    },
    async replace(name, expected, value) {
      compareAndSet.run(value, name, expected);
      return select.get(name) as string | undefined;
    },
  };
}
