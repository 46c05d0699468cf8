import { columnTypes, type SchemaStep } from './column-types';

/**
 * A report a moderator marked as a duplicate names its original. No foreign key: a copy between
 * engines (`db copy`) inserts requests in batches, and a duplicate may come before its original.
 */
export const duplicatesStep: SchemaStep = async (db, kind) => {
  await db.schema.alterTable('service_requests').addColumn('duplicate_of', columnTypes(kind).key).execute();
};
