import { columnTypes, type SchemaStep } from './column-types';

/**
 * mySociety's servicerequestupdates as Kerro speaks it to a body's case system (issue 40, item 8):
 * the updates read from each body's case system, by its own update_id, so each is applied once
 * (and those Kerro posted there itself are never read back as news); and the updates Kerro owes
 * a case system (a reporter's reopen), a leased queue like the forwards: each row's id is its
 * Idempotency-Key and update_id_ext on every attempt.
 */
export const caseSystemUpdatesStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('case_system_seen_updates')
    .addColumn('body_id', t.key, (c) => c.notNull())
    .addColumn('update_id', t.key, (c) => c.notNull())
    .addColumn('service_request_id', t.key, (c) => c.notNull().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('seen_at', t.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('case_system_seen_updates_pkey', ['body_id', 'update_id'])
    .execute();
  await db.schema
    .createTable('case_system_update_posts')
    .addColumn('id', t.key, (c) => c.primaryKey())
    .addColumn('service_request_id', t.key, (c) => c.notNull().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('body_id', t.key, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.bigint, (c) => c.notNull())
    .addColumn('locked_until', t.bigint)
    .addColumn('sent_at', t.bigint)
    .addColumn('failed_at', t.bigint)
    .addColumn('last_error', 'text')
    .addColumn('remote_update_id', 'text')
    .execute();
  await db.schema.createIndex('case_system_update_posts_due').on('case_system_update_posts').columns(['sent_at', 'failed_at', 'next_attempt_at']).execute();
};
