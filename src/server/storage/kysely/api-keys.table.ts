/** The GeoReport service's API keys, by hash (api-keys.ts). */
import type { Generated } from 'kysely';

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
}

export interface ApiKeyTables {
  api_keys: ApiKeysTable;
}
