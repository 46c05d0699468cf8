import type { SqliteDatabase } from './database';
import type { ApiKeyRecord, ApiKeyRepository } from '../repositories/types';

const publicColumns = 'id, name, key_prefix, created_at, revoked_at';

export function createSqliteApiKeyRepository(db: SqliteDatabase): ApiKeyRepository {
  const insert = db.prepare('INSERT INTO api_keys (name, key_hash, key_prefix, created_at) VALUES (?, ?, ?, ?)');
  const selectById = db.prepare(`SELECT ${publicColumns} FROM api_keys WHERE id = ?`);
  const selectActiveByHash = db.prepare(`SELECT ${publicColumns} FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL`);
  const selectAll = db.prepare(`SELECT ${publicColumns} FROM api_keys ORDER BY id`);
  const revokeByIdOrName = db.prepare(
    'UPDATE api_keys SET revoked_at = ? WHERE revoked_at IS NULL AND (CAST(id AS TEXT) = ? OR name = ?)',
  );
  return {
    async create(name, keyHash, keyPrefix, now) {
      const result = insert.run(name, keyHash, keyPrefix, now);
      return selectById.get(result.lastInsertRowid) as ApiKeyRecord;
    },
    async findActiveByHash(keyHash) {
      return selectActiveByHash.get(keyHash) as ApiKeyRecord | undefined;
    },
    async list() {
      return selectAll.all() as ApiKeyRecord[];
    },
    async revoke(idOrName, now) {
      return revokeByIdOrName.run(now, idOrName, idOrName).changes;
    },
  };
}
