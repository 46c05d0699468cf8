import { columnTypes, type SchemaStep } from './column-types';

/**
 * Deadlines (issue 41, item 6): a service type's target time to close, in whole days, set by the
 * service list import. Null: no target, so its reports are never overdue. The index lets the
 * overdue count (/metrics) walk, per type with a target, only its open published requests older
 * than the target, without reading the table.
 */
export const serviceTypeTargetsStep: SchemaStep = async (db, kind) => {
  await db.schema.alterTable('service_types').addColumn('target_days', columnTypes(kind).integer).execute();
  await db.schema
    .createIndex('service_requests_open_by_type')
    .on('service_requests')
    .columns(['moderation', 'status', 'service_code', 'requested_at', 'body_id'])
    .execute();
};
