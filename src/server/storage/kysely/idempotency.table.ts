/** Idempotency keys and their first answers (idempotency.ts). */

export interface IdempotencyKeysTable {
  scope: string;
  idempotency_key: string;
  fingerprint: string;
  state: 'running' | 'done';
  created_at: number;
  lease_until: number;
  expires_at: number;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
