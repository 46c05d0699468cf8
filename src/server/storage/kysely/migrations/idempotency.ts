import { columnTypes, type SchemaStep } from './column-types';

/**
 * Idempotency keys (the IETF HTTPAPI Idempotency-Key draft): a submission's key, scoped by who
 * sent it, with its request's fingerprint and, once done, its first answer. In the store, so every
 * instance behind a load balancer answers a repeat alike; kept until `expires_at`.
 */
export const idempotencyStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', t.key, (c) => c.notNull())
    .addColumn('idempotency_key', t.key, (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // 'running' until the first answer is stored ('done').
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    // A running claim whose holder died is taken over after this.
    .addColumn('lease_until', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('body', 'text')
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['scope', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute();
};
