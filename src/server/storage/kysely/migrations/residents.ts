import { sql } from 'kysely';
import { columnTypes, type SchemaStep } from './column-types';

/**
 * Residents signing in by email (issue 28, "My reports"): each one-time link and each session,
 * stored only as the SHA-256 of its token with the address it proves; and the lower-cased
 * address indexes that find a resident's own reports and subscriptions.
 */
export const residentsStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('resident_sign_ins')
    .addColumn('token_hash', t.key, (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .addColumn('used_at', t.bigint)
    .execute();
  await db.schema
    .createTable('resident_sessions')
    .addColumn('id', t.key, (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resident_sign_ins_expiry').on('resident_sign_ins').column('expires_at').execute();
  await db.schema.createIndex('resident_sessions_expiry').on('resident_sessions').column('expires_at').execute();
  await db.schema.createIndex('service_requests_reporter_email').on('service_requests').expression(sql`lower(email)`).execute();
  await db.schema.createIndex('subscriptions_email').on('subscriptions').expression(sql`lower(email)`).execute();
};
