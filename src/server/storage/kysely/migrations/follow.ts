import { columnTypes, withId, type SchemaStep } from './column-types';

/**
 * Keeping residents informed: each email's HTML part and one-click unsubscribe link; who hears
 * about a request (the reporter, and followers once they confirm); each request's public, dated
 * history (published, status changes, notes), appended, never overwritten.
 */
export const followStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema.alterTable('outbox').addColumn('body_html', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('outbox').addColumn('unsubscribe_url', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema
    .createTable('subscriptions')
    .$call(withId(kind))
    .addColumn('service_request_id', t.key, (c) => c.notNull().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('confirmed_at', t.bigint)
    .addColumn('unsubscribed_at', t.bigint)
    .addUniqueConstraint('subscriptions_service_request_id_role_email_key', ['service_request_id', 'role', 'email'])
    .execute();
  await db.schema
    .createTable('request_history')
    .$call(withId(kind))
    .addColumn('service_request_id', t.key, (c) => c.notNull().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('at', t.bigint, (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detailed_status', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('request_history_request').on('request_history').columns(['service_request_id', 'id']).execute();
};
