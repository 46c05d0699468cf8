import { columnTypes, type SchemaStep } from './column-types';

/**
 * A service type a city no longer offers but that requests still name is archived rather than
 * removed: left out of the service list and refused for new reports, while its requests keep
 * showing under its name. Null: offered.
 */
export const serviceTypeArchiveStep: SchemaStep = async (db, kind) => {
  await db.schema.alterTable('service_types').addColumn('archived_at', columnTypes(kind).bigint).execute();
};
