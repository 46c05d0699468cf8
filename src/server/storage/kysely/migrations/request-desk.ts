import { columnTypes, withId, type SchemaStep } from './column-types';

/**
 * The city's desk (issue 41, item 5): who of the body's moderators handles a report (one row per
 * assigned report; none: unassigned), and the moderators' internal notes on it. Both are for the
 * report's body's moderators only: no public answer, feed, email or export reads these tables.
 */
export const requestDeskStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('request_assignments')
    .addColumn('service_request_id', t.key, (c) => c.primaryKey().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('moderator_name', t.key, (c) => c.notNull())
    .addColumn('assigned_by', t.key, (c) => c.notNull())
    .addColumn('assigned_at', t.bigint, (c) => c.notNull())
    .execute();
  // "Assigned to me": one moderator's reports.
  await db.schema.createIndex('request_assignments_by_moderator').on('request_assignments').columns(['moderator_name', 'service_request_id']).execute();
  await db.schema
    .createTable('internal_notes')
    .$call(withId(kind))
    .addColumn('service_request_id', t.key, (c) => c.notNull().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('author', t.key, (c) => c.notNull())
    .addColumn('text', t.text, (c) => c.notNull())
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('internal_notes_of_request').on('internal_notes').columns(['service_request_id', 'id']).execute();
};
