import { columnTypes, type SchemaStep } from './column-types';

/**
 * Residents' updates on published requests (issue 28): pending until a moderator publishes or
 * rejects each; a published one becomes a `resident_update` entry of the request's history, which
 * names it (`resident_update_id`) so its text, photo and shown name are kept once.
 */
export const residentUpdatesStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('resident_updates')
    .addColumn('id', t.key, (c) => c.primaryKey())
    .addColumn('service_request_id', t.key, (c) => c.notNull().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('body_id', t.key)
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('media_file', 'text')
    .addColumn('name', 'text')
    .addColumn('show_name', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('moderation', 'text', (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('moderated_at', t.bigint)
    .addColumn('moderated_by', 'text')
    .execute();
  await db.schema.createIndex('resident_updates_moderation').on('resident_updates').columns(['moderation', 'created_at']).execute();
  await db.schema.createIndex('resident_updates_request').on('resident_updates').columns(['service_request_id']).execute();
  await db.schema.alterTable('request_history').addColumn('resident_update_id', t.key).execute();
};
