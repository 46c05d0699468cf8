import { columnTypes, withId, type SchemaStep } from './column-types';

/**
 * Saved responses (issue 41, item 4): each body's moderators keep response templates, optionally
 * tied to a service type and a detailed status value. Listed by body; the status back looks up a
 * body's templates of a status, so the index leads with both.
 */
export const responseTemplatesStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('response_templates')
    .$call(withId(kind))
    .addColumn('body_id', t.key, (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text_fi', 'text', (c) => c.notNull())
    .addColumn('text_sv', 'text', (c) => c.notNull())
    .addColumn('text_en', 'text', (c) => c.notNull())
    .addColumn('service_code', t.key)
    .addColumn('status', t.key)
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('updated_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('response_templates_by_body_status').on('response_templates').columns(['body_id', 'status']).execute();
};
