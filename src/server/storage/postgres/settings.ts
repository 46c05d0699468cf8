import type { PostgresDatabase } from './database';
import type { SettingsRepository } from '../repositories/types';

export function createPostgresSettingsRepository(db: PostgresDatabase): SettingsRepository {
  const read = async (name: string) => {
    const [row] = await db.query<{ value: string }>('SELECT value FROM settings WHERE name = $1', [name]);
    return row?.value;
  };
  return {
    get: read,
    async set(name, value) {
      await db.query('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value', [name, value]);
    },
    async putIfAbsent(name, value) {
      await db.query('INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, value]);
      // A separate statement: its fresh snapshot sees a value another instance committed first.
      return (await read(name))!;
    },
    async replace(name, expected, value) {
      // Atomic compare-and-set: the row lock makes a concurrent replace wait, then re-check `value`.
      await db.query('UPDATE settings SET value = $1 WHERE name = $2 AND value = $3', [value, name, expected]);
      return read(name);
    },
  };
}
