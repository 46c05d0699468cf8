import { sql } from 'kysely';
import { columnTypes, withId, type SchemaStep } from './column-types';

/**
 * Moderation: moderator accounts and sessions (token stored as its SHA-256), the audit log (no
 * personal data values), and the email outbox, written in the same transaction as the change that
 * closes a request. (SQLite's first Kerro also made login_failures here; changeTokensStep drops it.)
 */
export const moderationStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('moderators')
    .$call(withId(kind))
    .addColumn('name', t.key, (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('disabled_at', t.bigint)
    .execute();
  await db.schema
    .createTable('moderator_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('moderator_id', t.bigint, (c) => c.notNull().references('moderators.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('expires_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moderator_sessions_expiry').on('moderator_sessions').column('expires_at').execute();
  await db.schema
    .createTable('audit_log')
    .$call(withId(kind))
    .addColumn('at', t.bigint, (c) => c.notNull())
    .addColumn('moderator', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('service_request_id', t.key)
    .addColumn('details_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('audit_log_request').on('audit_log').columns(['service_request_id', 'id']).execute();
  await db.schema
    .createTable('outbox')
    .$call(withId(kind))
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('service_request_id', 'text')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.bigint, (c) => c.notNull())
    .addColumn('locked_until', t.bigint)
    .addColumn('last_error', 'text')
    .addColumn('sent_at', t.bigint)
    .addColumn('failed_at', t.bigint)
    .execute();
  const due = db.schema.createIndex('outbox_due').on('outbox');
  await (kind === 'postgres'
    ? due.columns(['next_attempt_at', 'id']).where(sql<boolean>`sent_at IS NULL AND failed_at IS NULL`)
    : due.columns(['sent_at', 'failed_at', 'next_attempt_at'])
  ).execute();
};
