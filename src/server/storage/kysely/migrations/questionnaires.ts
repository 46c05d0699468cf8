import { columnTypes, withId, type SchemaStep } from './column-types';

/**
 * Residents in the loop (issue 28): the "was it fixed?" questionnaire, one per request, kept from
 * the request's last close (`closed_at`, written by the unit of work) through the one email
 * (`asked_at`) to the reporter's single answer; and reports of abuse against published requests,
 * open until a moderator of the request's body resolves them.
 */
export const questionnairesStep: SchemaStep = async (db, kind) => {
  const t = columnTypes(kind);
  await db.schema
    .createTable('questionnaires')
    .$call(withId(kind))
    .addColumn('service_request_id', t.key, (c) => c.notNull().unique().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('closed_at', t.bigint, (c) => c.notNull())
    .addColumn('asked_at', t.bigint)
    .addColumn('answer', 'text')
    .addColumn('answered_at', t.bigint)
    .execute();
  await db.schema.createIndex('questionnaires_due').on('questionnaires').columns(['asked_at', 'closed_at']).execute();
  await db.schema
    .createTable('abuse_reports')
    .$call(withId(kind))
    .addColumn('service_request_id', t.key, (c) => c.notNull().references('service_requests.service_request_id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', t.bigint, (c) => c.notNull())
    .addColumn('resolved_at', t.bigint)
    .addColumn('resolved_by', 'text')
    .addColumn('resolution', 'text')
    .execute();
  await db.schema.createIndex('abuse_reports_open').on('abuse_reports').columns(['resolved_at', 'service_request_id']).execute();
};
