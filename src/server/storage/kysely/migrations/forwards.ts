import { columnTypes, type SchemaStep } from './column-types';

/**
 * Forwarding to bodies' case systems (issue 27): one job per forwarded request, kept after it is
 * sent as the link between Kerro's report and the case system's (`remote_id`), with the newest
 * case-system update applied; and each open311 body's polling window with its one-instance lease.
 */
export const forwardsStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('forwards')
    .addColumn('service_request_id', t.key, (c) => c.primaryKey().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('body_id', t.key, (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.bigint, (c) => c.notNull())
    .addColumn('locked_until', t.bigint)
    .addColumn('uncertain', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', t.bigint)
    .addColumn('failed_at', t.bigint)
    .addColumn('last_error', 'text')
    .addColumn('remote_id', 'text')
    .addColumn('remote_updated_at', t.bigint)
    .execute();
  await db.schema.createIndex('forwards_due').on('forwards').columns(['sent_at', 'failed_at', 'next_attempt_at']).execute();
  await db.schema.createIndex('forwards_by_remote').on('forwards').columns(['body_id', 'remote_id']).execute();
  await db.schema
    .createTable('case_system_polls')
    .addColumn('body_id', t.key, (c) => c.primaryKey())
    .addColumn('polled_until', t.bigint)
    .addColumn('locked_until', t.bigint)
    .addColumn('last_polled_at', t.bigint)
    .addColumn('last_error', 'text')
    .execute();
};
