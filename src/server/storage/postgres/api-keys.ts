import type { PostgresDatabase } from './database';
import type { ApiKeyRecord, ApiKeyRepository } from '../repositories/types';

const publicColumns = 'id, name, key_prefix, created_at, revoked_at';

export function createPostgresApiKeyRepository(db: PostgresDatabase): ApiKeyRepository {
  return {
    async create(name, keyHash, keyPrefix, now) {
      const [row] = await db.query<ApiKeyRecord>(
        `INSERT INTO api_keys (name, key_hash, key_prefix, created_at) VALUES ($1, $2, $3, $4) RETURNING ${publicColumns}`,
        [name, keyHash, keyPrefix, now],
      );
      return row!;
    },
    async findActiveByHash(keyHash) {
      const [row] = await db.query<ApiKeyRecord>(`SELECT ${publicColumns} FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`, [keyHash]);
      return row;
    },
    async list() {
      return db.query<ApiKeyRecord>(`SELECT ${publicColumns} FROM api_keys ORDER BY id`);
    },
    async revoke(idOrName, now) {
      // id as text, as SQLite's CAST(id AS TEXT) = ?: '7' names key 7, '07' does not.
      const rows = await db.query(
        'UPDATE api_keys SET revoked_at = $1 WHERE revoked_at IS NULL AND (id::text = $2 OR name = $2) RETURNING id',
        [now, idOrName],
      );
      return rows.length;
    },
  };
}
