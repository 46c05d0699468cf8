import type { Engine } from './engine';
import type { ApiKeyRepository } from '../repositories/types';

const publicColumns = ['id', 'name', 'key_prefix', 'created_at', 'revoked_at'] as const;

export function createApiKeyRepository({ db }: Engine): ApiKeyRepository {
  return {
    async create(name, keyHash, keyPrefix, now) {
      return db
        .insertInto('api_keys')
        .values({ name, key_hash: keyHash, key_prefix: keyPrefix, created_at: now })
        .returning(publicColumns)
        .executeTakeFirstOrThrow();
    },
    async findActiveByHash(keyHash) {
      return db.selectFrom('api_keys').select(publicColumns).where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst();
    },
    async list() {
      return db.selectFrom('api_keys').select(publicColumns).orderBy('id').execute();
    },
    async revoke(idOrName, now) {
      // The id as text: '7' names key 7, '07' does not.
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: now })
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb(eb.cast('id', 'text'), '=', idOrName), eb('name', '=', idOrName)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
